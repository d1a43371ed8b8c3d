package deploy

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// field is the value of the first "key: value" line of a YAML document
// (quotes dropped), or "".
func field(doc, key string) string {
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(key) + `:\s*(.*)$`).FindStringSubmatch(doc)
	if m == nil {
		return ""
	}
	return strings.Trim(strings.TrimSpace(m[1]), `"`)
}

// syntax checks a shell script without running it.
func syntax(t *testing.T, shell, name, script string) {
	t.Helper()
	cmd := exec.Command(shell, "-n")
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s -n %s: %v\n%s", shell, name, err, out)
	}
}

// The manifest holds the volume, the Indexed Job and the merge Job, and
// their parts agree: the shard count, the volume, the mount and the
// results folder; the scripts parse.
func TestKubernetesManifest(t *testing.T) {
	if strings.Contains(Kubernetes, "\t") {
		t.Fatal("kubernetes.yaml has a tab: YAML indents with spaces")
	}
	docs := strings.Split(Kubernetes, "\n---\n")
	if len(docs) != 3 {
		t.Fatalf("%d documents, want the volume claim, the shards' Job and the merge Job", len(docs))
	}
	claim, shards, merge := docs[0], docs[1], docs[2]
	for _, c := range []struct{ doc, kind, api string }{{claim, "PersistentVolumeClaim", "v1"}, {shards, "Job", "batch/v1"}, {merge, "Job", "batch/v1"}} {
		if field(c.doc, "kind") != c.kind || field(c.doc, "apiVersion") != c.api {
			t.Errorf("a document is %s %s, want %s %s", field(c.doc, "apiVersion"), field(c.doc, "kind"), c.api, c.kind)
		}
	}
	if field(shards, "completionMode") != "Indexed" {
		t.Error("the shards' Job is not an Indexed Job")
	}
	if field(claim, "accessModes") != "[ReadWriteMany]" {
		t.Error("the volume must be ReadWriteMany: every pod writes to it at once")
	}
	n := field(shards, "completions")
	if n == "" || field(shards, "parallelism") != n {
		t.Errorf("completions %q and parallelism %q differ", n, field(shards, "parallelism"))
	}
	claimName := field(claim, "name")
	for _, doc := range []string{shards, merge} {
		if field(doc, "claimName") != claimName {
			t.Errorf("a Job mounts claim %q, the manifest makes %q", field(doc, "claimName"), claimName)
		}
		if field(doc, "restartPolicy") == "" || field(doc, "image") == "" {
			t.Error("a Job lacks its restartPolicy or image")
		}
		volume := field(doc[strings.Index(doc, "volumes:"):], "- name")
		mount := field(doc[strings.Index(doc, "volumeMounts:"):], "- name")
		if volume == "" || volume != mount {
			t.Errorf("a Job mounts volume %q but defines %q", mount, volume)
		}
	}
	containers, err := Containers(Kubernetes)
	if err != nil {
		t.Fatal(err)
	}
	if len(containers) != 2 || containers[0].Name != "shard" || containers[1].Name != "merge" {
		t.Fatalf("containers %+v, want shard and merge", containers)
	}
	mountPath := field(shards, "mountPath")
	for _, c := range containers {
		if c.Env["SHARDS"] != n {
			t.Errorf("container %s: SHARDS %q, but the Job has %s completions", c.Name, c.Env["SHARDS"], n)
		}
		if c.Env["RESULTS"] != mountPath || field(merge, "mountPath") != mountPath {
			t.Errorf("container %s writes to %q, the volume is mounted at %q", c.Name, c.Env["RESULTS"], mountPath)
		}
		syntax(t, "sh", c.Name+"'s script", c.Script)
	}
	shard, join := containers[0].Script, containers[1].Script
	for _, want := range []string{"JOB_COMPLETION_INDEX + 1", `--shard "$shard/$SHARDS"`, "--json", "$SIM_ARGS", "mv "} {
		if !strings.Contains(shard, want) {
			t.Errorf("the shard's script lacks %q:\n%s", want, shard)
		}
	}
	if containers[0].Env["SIM_ARGS"] == "" || !strings.Contains(join, "cowpoke sim merge") {
		t.Error("the shards have no SIM_ARGS or the merge does not merge")
	}
}

// The Slurm script parses, plays the array task's shard, and its merge
// expects as many shards as the array it shows has tasks; the array is
// not among its directives (the merge job, submitted with the same
// script, would be an array too).
func TestSlurmScript(t *testing.T) {
	syntax(t, "bash", "slurm.sh", Slurm)
	array := regexp.MustCompile(`sbatch --parsable --array=1-(\d+) slurm.sh`).FindStringSubmatch(Slurm)
	merge := regexp.MustCompile(`shards=\$\{SHARDS:-(\d+)\}`).FindStringSubmatch(Slurm)
	if array == nil || merge == nil || array[1] != merge[1] {
		t.Errorf("the array %v and the merge's default shard count %v disagree", array, merge)
	}
	if strings.Contains(Slurm, "#SBATCH --array") {
		t.Error("slurm.sh has an #SBATCH --array directive: its merge job would be an array too")
	}
	for _, want := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", `--shard "$shard/$shards"`, "cowpoke sim merge"} {
		if !strings.Contains(Slurm, want) {
			t.Errorf("slurm.sh lacks %q", want)
		}
	}
}

// The local script parses and says how to call it.
func TestLocalScript(t *testing.T) {
	syntax(t, "bash", "local.sh", Local)
	out, err := exec.Command("bash", "-c", Local, "local.sh").CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "usage: local.sh N DIR") {
		t.Errorf("local.sh without arguments: %v, %q", err, out)
	}
}
