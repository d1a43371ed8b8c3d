// Package deploy holds the files that run a long `cowpoke sim` on the
// schedulers people already have, with no code of ours in between: a
// Kubernetes Indexed Job (kubernetes.yaml), a Slurm job array (slurm.sh),
// and local.sh, which plays the same shards as separate processes on one
// machine and checks that their merge equals the run played at once.
//
// The files are embedded so that tests can check and run exactly what is
// shipped (this package's tests, and cmd/cowpoke's TestDeployScripts).
package deploy

import (
	_ "embed"
	"fmt"
	"strings"
)

var (
	//go:embed kubernetes.yaml
	Kubernetes string
	//go:embed slurm.sh
	Slurm string
	//go:embed local.sh
	Local string
)

// Container is what a manifest's container runs: its name, its shell
// script (the block after `args: - |`) and its environment (name: value).
type Container struct {
	Name   string
	Script string
	Env    map[string]string
}

// Containers reads the containers of a manifest like kubernetes.yaml, in
// order. It reads only the shapes that file uses (a `- name:` line opening
// a container, `env:` pairs of `- name:` and `value:` lines, and a literal
// block scalar after `args:`), not YAML at large.
func Containers(manifest string) ([]Container, error) {
	var out []Container
	lines := strings.Split(manifest, "\n")
	inContainers := false
	itemIndent := -1 // the indent of the containers list's "- name:" lines
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case trimmed == "containers:":
			inContainers, itemIndent = true, -1
		case trimmed == "---" || strings.HasPrefix(trimmed, "volumes:"):
			inContainers = false
		case inContainers && strings.HasPrefix(trimmed, "- name: ") && (itemIndent < 0 || indent == itemIndent):
			itemIndent = indent
			out = append(out, Container{Name: strings.TrimPrefix(trimmed, "- name: "), Env: map[string]string{}})
		case inContainers && len(out) > 0 && strings.HasPrefix(trimmed, "- name: ") && i+1 < len(lines) &&
			strings.HasPrefix(strings.TrimSpace(lines[i+1]), "value: "):
			value := strings.TrimPrefix(strings.TrimSpace(lines[i+1]), "value: ")
			out[len(out)-1].Env[strings.TrimPrefix(trimmed, "- name: ")] = strings.Trim(value, `"`)
			i++
		case inContainers && len(out) > 0 && trimmed == "- |":
			var script []string
			blockIndent := -1
			for i+1 < len(lines) {
				next := lines[i+1]
				if strings.TrimSpace(next) == "" {
					script = append(script, "")
					i++
					continue
				}
				ni := len(next) - len(strings.TrimLeft(next, " "))
				if blockIndent < 0 {
					blockIndent = ni
				}
				if ni < blockIndent || ni <= indent {
					break
				}
				script = append(script, next[blockIndent:])
				i++
			}
			out[len(out)-1].Script = strings.TrimRight(strings.Join(script, "\n"), "\n") + "\n"
		}
	}
	for i := range out {
		if out[i].Script == "" {
			return nil, fmt.Errorf("container %s has no script after args: - |", out[i].Name)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no containers")
	}
	return out, nil
}
