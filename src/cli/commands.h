/* commands.h — one entry point per subcommand; each returns a wb_exit code. */
#ifndef WB_CLI_COMMANDS_H
#define WB_CLI_COMMANDS_H

int wb_cmd_compat(int argc, char **argv);
int wb_cmd_run(int argc, char **argv);
int wb_cmd_engines(int argc, char **argv);
int wb_cmd_recommend(int argc, char **argv);
int wb_cmd_verify(int argc, char **argv);
int wb_cmd_qualify(int argc, char **argv);
int wb_cmd_compare(int argc, char **argv);
int wb_cmd_report(int argc, char **argv);
int wb_cmd_clean(int argc, char **argv);
int wb_cmd_observe(int argc, char **argv);

#endif
