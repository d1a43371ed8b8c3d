package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"cowpoke/game/racecheck"
	"cowpoke/game/sim/deploy"
)

// TestDeployScripts runs what game/sim/deploy ships, as the schedulers
// would, with this test binary standing in for the cowpoke program (a
// `cowpoke` on the PATH that runs it in a child process): local.sh plays 2
// shards in separate processes and checks their merge against the whole
// run; the Slurm script runs as array tasks 1-2 then as the merge job; the
// Kubernetes manifest's shard script runs with completion indices 0-1 and
// its merge script after. Each merged report must equal the run played at
// once, field for field apart from the timing.
func TestDeployScripts(t *testing.T) {
	dir := t.TempDir()
	shell := scriptRunner(t, dir)
	simArgs := []string{"--scenario", shortScenarioFile(t, dir), "-n", "4", "--seed", "5"}

	report := func(file string) map[string]any {
		t.Helper()
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return decodeWithoutTiming(t, string(data))
	}

	local := filepath.Join(dir, "local")
	out := shell("local.sh", "bash", deploy.Local, nil, append([]string{"2", local}, simArgs...)...)
	if !strings.Contains(out, "the 2 shards merged equal the whole run (4 matches)") {
		t.Errorf("local.sh says %q", out)
	}
	whole := report(filepath.Join(local, "whole.json"))
	if !reflect.DeepEqual(report(filepath.Join(local, "merged.json")), whole) {
		t.Error("local.sh: the merged shards differ from the whole run")
	}

	slurm, kube := onSchedulers(t, shell, dir, simArgs)
	for _, results := range []string{slurm, kube} {
		if !reflect.DeepEqual(report(filepath.Join(results, "merged.json")), whole) {
			t.Errorf("%s: the merged shards differ from the whole run", filepath.Base(results))
		}
		text, err := os.ReadFile(filepath.Join(results, "merged.txt"))
		if err != nil || !strings.HasPrefix(string(text), "Posse A wins ") || !strings.Contains(string(text), "of 4 matches") {
			t.Errorf("%s: merged.txt %q (%v)", filepath.Base(results), text, err)
		}
		if _, err := os.Stat(filepath.Join(results, "merged.html")); err != nil {
			t.Errorf("%s: %v", filepath.Base(results), err)
		}
	}
}

// onSchedulers plays simArgs in two shards as the Slurm script does (as
// array tasks 1-2, then as the merge job) and as the Kubernetes manifest's
// container scripts do (completion indices 0-1, then the merge), and
// returns the folders of their results.
func onSchedulers(t *testing.T, shell func(what, shell, script string, env []string, args ...string) string, dir string, simArgs []string) (slurm, kube string) {
	t.Helper()
	settings := []string{"SIM_ARGS=" + strings.Join(simArgs, " "), "SHARDS=2"}
	slurm, kube = filepath.Join(dir, "slurm"), filepath.Join(dir, "kubernetes")
	for task := 1; task <= 2; task++ {
		shell("slurm.sh", "bash", deploy.Slurm, append(settings, "RESULTS="+slurm,
			"SLURM_ARRAY_TASK_ID="+strconv.Itoa(task), "SLURM_ARRAY_TASK_COUNT=2"))
	}
	shell("slurm.sh merge", "bash", deploy.Slurm, append(settings, "RESULTS="+slurm), "merge")

	containers, err := deploy.Containers(deploy.Kubernetes)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(kube, 0o755); err != nil {
		t.Fatal(err)
	}
	for index := 0; index < 2; index++ {
		shell("the shard container", "sh", containers[0].Script, append(settings, "RESULTS="+kube, "JOB_COMPLETION_INDEX="+strconv.Itoa(index)))
	}
	shell("the merge container", "sh", containers[1].Script, append(settings, "RESULTS="+kube))
	return slurm, kube
}

// scriptRunner puts a `cowpoke` on the PATH that runs this test binary in
// a child process, and returns what runs a script with it: what names the
// script in errors, shell runs script with env added and args.
func scriptRunner(t *testing.T, dir string) func(what, shell, script string, env []string, args ...string) string {
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nnl='\n'\nargs=\nfor a in \"$@\"; do args=\"$args${args:+$nl}$a\"; done\n" +
		"COWPOKE_TEST_ARGS=$args exec " + strconv.Quote(os.Args[0]) + "\n"
	if err := os.WriteFile(filepath.Join(bin, "cowpoke"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	path := "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")
	return func(what, shell, script string, env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(shell, append([]string{"-c", script, what}, args...)...)
		cmd.Env = append(append(os.Environ(), path), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", what, err, out)
		}
		return string(out)
	}
}

// The Slurm script and the Kubernetes manifest's scripts run a ladder as
// they run any sim (its arguments in SIM_ARGS): the merged report is the
// ladder played at once, merged.txt its text, and no page is written (a
// ladder has none).
func TestDeployScriptsRunALadder(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	dir := t.TempDir()
	shell := scriptRunner(t, dir)
	simArgs := []string{"--ladder", "random,easy", "--map", "town", "-n", "8", "--seed", "5", "--workers", "1"}
	code, whole, errs := runSimCmd(append(simArgs, "--json")...)
	if code != 0 {
		t.Fatalf("the whole ladder: exit %d: %s", code, errs)
	}
	slurm, kube := onSchedulers(t, shell, dir, simArgs)
	for _, results := range []string{slurm, kube} {
		merged, err := os.ReadFile(filepath.Join(results, "merged.json"))
		if err != nil || untimed(string(merged)) != untimed(whole) {
			t.Errorf("%s: the merged slices differ from the whole ladder (%v):\n%s", filepath.Base(results), err, merged)
		}
		text, err := os.ReadFile(filepath.Join(results, "merged.txt"))
		if err != nil || !strings.HasPrefix(string(text), "Strength ladder: random, easy;") {
			t.Errorf("%s: merged.txt %q (%v)", filepath.Base(results), text, err)
		}
		if _, err := os.Stat(filepath.Join(results, "merged.html")); !os.IsNotExist(err) {
			t.Errorf("%s: merged.html of a ladder: %v", filepath.Base(results), err)
		}
	}
}
