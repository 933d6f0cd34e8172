#!/usr/bin/env bash
# t_kubernetes.sh — contrib/kubernetes renders (`kubectl kustomize`, no warning)
# to a claim of a StorageClass, a Job that runs `walbench qualify` on it with
# --json, and RBAC that lets the Job delete that claim and nothing else; the
# kubectl lines of its README name the same objects and folder. Then the Job's
# own script runs here, with this build's walbench on a temporary directory
# and a stand-in curl: the verdict, the JSON cut out by the README's sed line,
# the exit status (qualify's: 0/1, 2, 3, 143 after a SIGTERM) and the delete
# request. No cluster, no image. Skips without kubectl (1.14+: kustomize) or
# python3 yaml. WB_KUBECTL names another kubectl to render with: Debian 12's
# kubernetes-client is 1.20, whose kustomize v2.0.3 must read the folder too.
. "$(dirname "$0")/lib.sh"
set -e
kubectl=${WB_KUBECTL:-kubectl}
command -v "$kubectl" >/dev/null || skip "$kubectl missing"
# Debian's python3-yaml serves /usr/bin/python3, which may not be the first python3.
for py in python3 /usr/bin/python3 ''; do
	[ -n "$py" ] || skip "python3's yaml module missing (python3-yaml)"
	"$py" -c 'import yaml' 2>/dev/null && break
done
k8s=$WB_SOURCE_DIR/contrib/kubernetes
minor=$("$kubectl" version --client -o json 2>/dev/null |
	python3 -c 'import json, re, sys; print(re.match(r"\d+", json.load(sys.stdin)["clientVersion"]["minor"]).group())') ||
	skip "kubectl version unreadable"
[ "$minor" -ge 14 ] || skip "kubectl 1.$minor has no kustomize (1.14+)"
wb_tmpdir d
"$kubectl" kustomize "$k8s" >"$d/rendered.yaml" 2>"$d/kustomize.err" ||
	fail "kubectl kustomize failed: $(head -c 600 "$d/kustomize.err")"
[ ! -s "$d/kustomize.err" ] || fail "kustomize warned: $(head -c 600 "$d/kustomize.err")"

# The objects, and the README against them. Writes the Job's script, with the
# mount path and the JSON path moved into $d, and the values the runs need.
mkdir "$d/target"
"$py" - "$d/rendered.yaml" "$k8s/README.md" "$d" "$WB_SOURCE_DIR/profiles/tiers.json" <<'PY' || fail "the rendered objects or the README"
import collections, json, re, shlex, sys, yaml

rendered, readme, out, tiers = sys.argv[1:5]
docs = [x for x in yaml.safe_load_all(open(rendered)) if x]
kinds = collections.Counter(x["kind"] for x in docs)
want = {"Job": 1, "PersistentVolumeClaim": 1, "ConfigMap": 1, "ServiceAccount": 1, "Role": 1,
        "RoleBinding": 1}
if kinds != want:
    sys.exit(f"objects {dict(kinds)}, want {want}")
obj = {x["kind"]: x for x in docs}
job, pvc, cm = obj["Job"], obj["PersistentVolumeClaim"], obj["ConfigMap"]
claim = pvc["metadata"]["name"]

def check(ok, what):
    if not ok:
        sys.exit(what)

check(isinstance(pvc["spec"].get("storageClassName"), str) and pvc["spec"]["storageClassName"],
      "the claim names no StorageClass")
check(pvc["spec"].get("accessModes") == ["ReadWriteOnce"], "the claim is not ReadWriteOnce")
check(re.fullmatch(r"[0-9]+[MGT]i", str(pvc["spec"]["resources"]["requests"].get("storage", ""))),
      "the claim asks for no size")

check(job["spec"].get("backoffLimit") == 0, "backoffLimit is not 0")
pod = job["spec"]["template"]["spec"]
check(pod.get("restartPolicy") == "Never", "restartPolicy is not Never")
vols = [v for v in pod["volumes"] if v.get("persistentVolumeClaim", {}).get("claimName") == claim]
check(len(vols) == 1, f"no volume of the claim {claim}")
check(len(pod["containers"]) == 1, "more than one container")
c = pod["containers"][0]
mounts = [m["mountPath"] for m in c.get("volumeMounts", []) if m["name"] == vols[0]["name"]]
check(len(mounts) == 1, "the claim is not mounted")
mount = mounts[0]
check("cpu" in c["resources"]["requests"] and "memory" in c["resources"]["limits"],
      "no CPU request or memory limit")
check("cpu" not in c["resources"].get("limits", {}), "a CPU limit throttles the flushes measured")

check(c["command"][:2] == ["/bin/sh", "-c"] and len(c["command"]) == 3 and not c.get("args"),
      "the command is not one sh -c script")
script = c["command"][2]
runs = [l for l in script.splitlines() if l.strip().startswith("walbench ")]
check(len(runs) == 1, "not one walbench line in the script")
argv = shlex.split(runs[0].replace("&", ""))
check(argv[1:3] == ["qualify", mount], f"the script does not qualify {mount}: {runs[0]}")
check("--json" in argv and "--tier" in argv and "--duration" in argv, f"--json, --tier or --duration missing: {runs[0]}")
jpath = argv[argv.index("--json") + 1]
check(f"cat {jpath}" in script, "the script does not print the JSON it asked for")

env = {e["name"]: e.get("value") for e in c.get("env", [])}
check(env.get("WB_CLAIM") == claim, "WB_CLAIM is not the claim's name")
check(c.get("envFrom") == [{"configMapRef": {"name": cm["metadata"]["name"]}}], "the settings are not the ConfigMap")
check(not re.search(r"-[a-z0-9]{10}$", cm["metadata"]["name"]),
      "the ConfigMap's name has a hash: kubectl delete -k would miss it after an edit")
tier, duration = cm["data"]["WB_TIER"], cm["data"]["WB_DURATION"]
check(tier in {t["name"] for t in json.load(open(tiers))["tiers"]}, f"WB_TIER {tier} is no shipped tier")
m = re.fullmatch(r"([0-9]+)(s|m|h)", duration)
check(m, f"WB_DURATION {duration} unreadable here")
secs = int(m.group(1)) * {"s": 1, "m": 60, "h": 3600}[m.group(2)]
check(job["spec"].get("activeDeadlineSeconds", 0) >= secs + 600,
      "activeDeadlineSeconds leaves under 10 minutes beyond WB_DURATION")

# The Job may delete its claim, and do nothing else.
sa, role, rb = obj["ServiceAccount"], obj["Role"], obj["RoleBinding"]
check(pod.get("serviceAccountName") == sa["metadata"]["name"], "the Job runs as another account")
check(rb["roleRef"] == {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": role["metadata"]["name"]}
      and rb["subjects"] == [{"kind": "ServiceAccount", "name": sa["metadata"]["name"]}],
      "the RoleBinding does not bind the Job's account to the Role")
check(role["rules"] == [{"apiGroups": [""], "resources": ["persistentvolumeclaims"],
                         "resourceNames": [claim], "verbs": ["delete"]}],
      f"the Role grants more than deleting {claim}: {role['rules']}")

# README: the kubectl lines render this folder and name these objects.
text = open(readme).read()
lines = [l.strip() for l in text.splitlines() if l.startswith("    ") and "kubectl " in l]
job_name = job["metadata"]["name"]
for cmd in ("kubectl apply -k contrib/kubernetes", "kubectl delete -k contrib/kubernetes",
            f"kubectl logs job/{job_name}"):
    check(any(cmd in l for l in lines), f"README lacks {cmd}")
for l in lines:
    for p in re.findall(r"-k (\S+)", l):
        check(p == "contrib/kubernetes", f"README applies another folder: {l}")
    for n in re.findall(r"(?:job/|get job |job-name=)([a-z0-9.-]+)", l):
        check(n == job_name, f"README names job {n}, rendered {job_name}: {l}")
    for n in re.findall(r"(?:pvc/|persistentvolumeclaims/)([a-z0-9.-]+)", l):
        check(n == claim, f"README names claim {n}, rendered {claim}: {l}")
cut = [re.search(r"\| sed -n '([^']*)'", l) for l in lines]
cut = [x.group(1) for x in cut if x]
check(len(cut) == 1, "README has not one sed line cutting out the JSON")
check(f"/persistentvolumeclaims/{claim}" in text or f"`{claim}`" in text, "README does not name the claim")

script = script.replace(f"qualify {mount} ", f"qualify {out}/target ").replace(jpath, f"{out}/qualify.json")
for name, value in (("script.sh", script), ("claim", claim), ("tier", tier), ("sed", cut[0])):
    open(f"{out}/{name}", "w").write(value)
PY

claim=$(<"$d/claim")
tier=$(<"$d/tier")
cut=$(<"$d/sed")
# Stand-ins: walbench is this build's, curl records its arguments, the service
# account's files are in $d.
mkdir "$d/bin" "$d/sa"
ln -s "$WALBENCH" "$d/bin/walbench"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"$CURL_LOG"\nexit "${CURL_RC:-0}"\n' >"$d/bin/curl"
chmod +x "$d/bin/curl"
echo test-token >"$d/sa/token"
echo test-ns >"$d/sa/namespace"
: >"$d/sa/ca.crt"

# run_job TIER DURATION [CURL_RC]: the Job's script; its status in $rc, log in $d/log.
run_job() {
	rm -f "$d/curl.args" "$d/qualify.json"
	set +e
	PATH="$d/bin:$PATH" WB_TIER=$1 WB_DURATION=$2 WB_CLAIM=$claim WB_SA_DIR=$d/sa \
		CURL_LOG=$d/curl.args CURL_RC=${3:-0} /bin/sh -c "$(<"$d/script.sh")" >"$d/log" 2>"$d/err" &
	job_pid=$!
	[ -z "${STOP_AFTER:-}" ] || { sleep "$STOP_AFTER"; kill -TERM "$job_pid"; }
	wait "$job_pid"
	rc=$?
	set -e
}
# deleted: the claim's delete went to the API server, with the token.
deleted() {
	[ -f "$d/curl.args" ] || fail "no delete request; stderr: $(cat "$d/err")"
	grep -qx DELETE "$d/curl.args" &&
		grep -qx "https://kubernetes.default.svc/api/v1/namespaces/test-ns/persistentvolumeclaims/$claim" "$d/curl.args" &&
		grep -qx "Authorization: Bearer test-token" "$d/curl.args" ||
		fail "not the delete of claim $claim: $(cat "$d/curl.args")"
}
# json_cut: the JSON between the markers, cut out with the README's sed line.
json_cut() { sed -n "$cut" "$d/log" >"$d/cut.json"; }

# A real run: a verdict, exit 0 for pass and 1 otherwise, the JSON in the log.
run_job "$tier" 2s
case $rc in 0 | 1) ;; *) fail "the Job's script exited $rc: $(head -c 600 "$d/err")" ;; esac
grep -qE "^$tier: (PASS|FAIL|INCONCLUSIVE)(: .*)?$" "$d/log" || fail "no verdict in the log: $(head -5 "$d/log")"
json_cut
json_check "$d/cut.json" "d['qualification']['tier'] == '$tier' and d['host']['target'].startswith('$d/target/')"
json_check "$d/cut.json" "(d['qualification']['verdict'] == 'pass') == ($rc == 0)"
deleted
grep -q "claim $claim deleted" "$d/err" || fail "the deletion is not reported: $(cat "$d/err")"
assert_no_files "$d/target"

# Bad input exits 2, with the markers and no JSON between them; the claim goes all the same.
run_job nosuch 2s
[ "$rc" = 2 ] || fail "an unknown tier: the Job's script exited $rc, want 2"
grep -q 'no tier named "nosuch"' "$d/err" || fail "no tier message: $(cat "$d/err")"
json_cut
[ ! -s "$d/cut.json" ] || fail "JSON printed for bad input: $(head -c 300 "$d/cut.json")"
deleted

# A SIGTERM (activeDeadlineSeconds, the Job deleted): partial figures and JSON,
# exit 143, and the claim still deleted; a failed delete is said, never hides it.
STOP_AFTER=2 run_job "$tier" 60s 22
[ "$rc" = 143 ] || fail "after SIGTERM the Job's script exited $rc, want 143"
json_cut
json_check "$d/cut.json" "d['partial'] is True and d['interrupted_by'] == 'SIGTERM'"
deleted
grep -q "claim $claim not deleted" "$d/err" || fail "a failed delete is not reported: $(cat "$d/err")"
assert_no_files "$d/target"

# An I/O failure's status passes through as it is.
rm "$d/bin/walbench"
printf '#!/bin/sh\nexit 3\n' >"$d/bin/walbench"
chmod +x "$d/bin/walbench"
run_job "$tier" 2s
[ "$rc" = 3 ] || fail "qualify's status 3 became $rc"
deleted
pass
