/* observed.c — the names of observed.h's counters, timers and settings: the
 * snapshot query's column names, the JSON's keys and the report's labels. */
#include "pgstat/observed.h"

const char *const wb_pg_counter_names[WB_PGC_COUNT] = {
	[WB_PGC_XACT_COMMIT] = "xact_commit",
	[WB_PGC_XACT_ROLLBACK] = "xact_rollback",
	[WB_PGC_WAL_RECORDS] = "wal_records",
	[WB_PGC_WAL_FPI] = "wal_fpi",
	[WB_PGC_WAL_BYTES] = "wal_bytes",
	[WB_PGC_WAL_BUFFERS_FULL] = "wal_buffers_full",
	[WB_PGC_WAL_WRITES] = "wal_writes",
	[WB_PGC_WAL_SYNCS] = "wal_syncs",
	[WB_PGC_WAL_WRITE_BYTES] = "wal_write_bytes",
	[WB_PGC_WAL_INIT_WRITES] = "wal_init_writes",
	[WB_PGC_WAL_INIT_SYNCS] = "wal_init_syncs",
	[WB_PGC_BUF_CHECKPOINTER] = "buffers_checkpointer",
	[WB_PGC_BUF_BGWRITER] = "buffers_bgwriter",
	[WB_PGC_BUF_BACKEND] = "buffers_backend",
	[WB_PGC_CKPT_TIMED] = "checkpoints_timed",
	[WB_PGC_CKPT_REQUESTED] = "checkpoints_requested",
	[WB_PGC_CKPT_DONE] = "checkpoints_done",
	[WB_PGC_RSTPT_TIMED] = "restartpoints_timed",
	[WB_PGC_RSTPT_REQUESTED] = "restartpoints_requested",
	[WB_PGC_RSTPT_DONE] = "restartpoints_done",
	[WB_PGC_XIDS] = "xids_assigned",
};

const char *const wb_pg_timer_names[WB_PGT_COUNT] = {
	[WB_PGT_WAL_WRITE] = "wal_write_time_ms",
	[WB_PGT_WAL_SYNC] = "wal_sync_time_ms",
	[WB_PGT_WAL_INIT] = "wal_init_time_ms",
	[WB_PGT_CKPT_WRITE] = "checkpoint_write_time_ms",
	[WB_PGT_CKPT_SYNC] = "checkpoint_sync_time_ms",
};

const char *const wb_pg_view_names[WB_PGV_COUNT] = {
	[WB_PGV_DATABASE] = "pg_stat_database",
	[WB_PGV_WAL] = "pg_stat_wal",
	[WB_PGV_BGWRITER] = "pg_stat_bgwriter",
	[WB_PGV_CHECKPOINTER] = "pg_stat_checkpointer",
	[WB_PGV_IO] = "pg_stat_io",
};

const char *const wb_pg_reset_names[WB_PGV_COUNT] = {
	[WB_PGV_DATABASE] = "database_stats_reset",
	[WB_PGV_WAL] = "wal_stats_reset",
	[WB_PGV_BGWRITER] = "bgwriter_stats_reset",
	[WB_PGV_CHECKPOINTER] = "checkpointer_stats_reset",
	[WB_PGV_IO] = "io_stats_reset",
};

const char *const wb_pg_setting_names[WB_PGS_COUNT] = {
	[WB_PGS_SERVER_VERSION_NUM] = "server_version_num",
	[WB_PGS_WAL_SYNC_METHOD] = "wal_sync_method",
	[WB_PGS_WAL_LEVEL] = "wal_level",
	[WB_PGS_WAL_SEGMENT_SIZE] = "wal_segment_size",
	[WB_PGS_WAL_BLOCK_SIZE] = "wal_block_size",
	[WB_PGS_WAL_BUFFERS] = "wal_buffers",
	[WB_PGS_FULL_PAGE_WRITES] = "full_page_writes",
	[WB_PGS_WAL_COMPRESSION] = "wal_compression",
	[WB_PGS_SYNCHRONOUS_COMMIT] = "synchronous_commit",
	[WB_PGS_COMMIT_DELAY] = "commit_delay",
	[WB_PGS_COMMIT_SIBLINGS] = "commit_siblings",
	[WB_PGS_WAL_WRITER_DELAY] = "wal_writer_delay",
	[WB_PGS_WAL_WRITER_FLUSH_AFTER] = "wal_writer_flush_after",
	[WB_PGS_CHECKPOINT_TIMEOUT] = "checkpoint_timeout",
	[WB_PGS_MAX_WAL_SIZE] = "max_wal_size",
	[WB_PGS_CHECKPOINT_COMPLETION_TARGET] = "checkpoint_completion_target",
	[WB_PGS_CHECKPOINT_FLUSH_AFTER] = "checkpoint_flush_after",
	[WB_PGS_SHARED_BUFFERS] = "shared_buffers",
	[WB_PGS_HUGE_PAGES] = "huge_pages",
	[WB_PGS_TRACK_WAL_IO_TIMING] = "track_wal_io_timing",
	[WB_PGS_DEBUG_IO_DIRECT] = "debug_io_direct",
	[WB_PGS_FSYNC] = "fsync",
	[WB_PGS_HUGE_PAGES_STATUS] = "huge_pages_status",
	[WB_PGS_SHARED_MEMORY_SIZE] = "shared_memory_size",
	[WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES] = "shared_memory_size_in_huge_pages",
	[WB_PGS_DATA_DIRECTORY] = "data_directory",
};

const char *const wb_pg_missing_names[WB_PGM_COUNT] = {
	[WB_PGM_DATA_DIRECTORY] = "data_directory",
	[WB_PGM_STATS] = "stats",
	[WB_PGM_WAL_TIMING] = "wal_timing",
	[WB_PGM_WAL_UNTIMED] = "wal_untimed",
	[WB_PGM_WAITS] = "waits",
};
