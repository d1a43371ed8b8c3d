package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"sort"
	"strings"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/sim"
	"cowpoke/game/words"
	"cowpoke/maps"
)

// `cowpoke sim --balance` and `cowpoke sim --ladder`: round robins of
// ordinary runs (game/sim's PlayRoundRobin), every pair on every map.

// tournamentFlags are the flags a round robin takes besides --balance,
// --ladder and --level; any other is refused in one line.
var tournamentFlags = map[string]bool{"map": true, "n": true, "seed": true, "workers": true, "json": true,
	"initiative": true, "dead-reckoning": true, "critical-injuries": true, "round-effects": true, "shard": true}

// simTournament is `cowpoke sim --balance ...` or `cowpoke sim --ladder ...`.
func simTournament(ctx context.Context, f *simFlags, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	cfg, err := f.roundRobin(fs)
	if err != nil {
		return err
	}
	progress := newProgressBar(stderr)
	cfg.Progress = progress.update
	rep, err := sim.PlayRoundRobin(ctx, cfg)
	progress.finish()
	if err != nil {
		return usageError{err.Error()}
	}
	err = writeRoundRobin(rep, f.asJSON, stdout)
	if err == nil && rep.Interrupted {
		return errInterrupted
	}
	return err
}

// writeRoundRobin prints a round robin's report, as text or JSON.
func writeRoundRobin(rep sim.RoundRobinReport, asJSON bool, stdout io.Writer) error {
	if !asJSON {
		return rep.WriteText(stdout)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", " ")
	return enc.Encode(rep)
}

// roundRobin checks the flags of a round robin and builds it.
func (f *simFlags) roundRobin(fs *flag.FlagSet) (sim.RoundRobinConfig, error) {
	cfg := sim.RoundRobinConfig{Matches: f.n, Seed: f.seed, Workers: f.workers, NewPlayer: sim.WithRandom(ai.New)}
	switch {
	case f.balance && f.ladder != "":
		return cfg, usagef("give --balance or --ladder, not both")
	case !f.balance && f.ladder == "":
		return cfg, usagef("--level %s: the level is for --balance", f.level)
	case f.n < 1:
		return cfg, usagef("-n %d: play at least one match a pair", f.n)
	case f.workers < 0:
		return cfg, usagef("--workers %d: want 1 or more (0 or nothing: every core)", f.workers)
	}
	what := "--balance"
	if f.ladder != "" {
		what = "--ladder"
	}
	var refused []string
	fs.Visit(func(fl *flag.Flag) {
		if !tournamentFlags[fl.Name] && fl.Name != "balance" && fl.Name != "ladder" && !(fl.Name == "level" && f.balance) {
			refused = append(refused, "--"+fl.Name)
		}
	})
	if len(refused) > 0 {
		sort.Strings(refused)
		return cfg, usagef("%s takes no %s: it chooses the posses, the players and the maps itself", what, strings.Join(refused, ", "))
	}
	if f.shard != "" {
		sh, err := f.parseShard()
		if err != nil {
			return cfg, err
		}
		cfg.Shard = sh
		if !f.asJSON {
			return cfg, usagef("%s --shard %s plays a slice to be joined with the others: add --json, and join the slices' outputs with cowpoke sim merge",
				what, words.Safe(f.shard))
		}
	}
	base, err := game.DefaultScenario()
	if err != nil {
		return cfg, err
	}
	if f.initiative != "" {
		base.Initiative = f.initiative
	}
	base.Options.DeadReckoning = f.deadReckoning
	base.Options.CriticalInjuries = f.critical
	base.Options.RoundEffects = f.roundEffects
	if err := base.Validate(); err != nil {
		return cfg, usageError{err.Error()}
	}
	cfg.Base = base
	cfg.Maps = maps.Names()
	if f.mapName != "" {
		m, err := resolveMap(f.mapName)
		if err != nil {
			return cfg, usagef("--map: %v", err)
		}
		cfg.Maps = []string{m}
	}
	if f.balance {
		cfg.Level = f.level
		if cfg.Level == "" {
			cfg.Level = "normal"
		}
		if err := checkSpec(cfg.NewPlayer, "--level", cfg.Level); err != nil {
			return cfg, err
		}
		posses, err := game.ShippedPosses()
		if err != nil {
			return cfg, err
		}
		for i := range posses {
			cfg.Entrants = append(cfg.Entrants, sim.Entrant{Name: posses[i].Name, Posse: &posses[i]})
		}
		return cfg, nil
	}
	specs := strings.Split(f.ladder, ",")
	if f.ladder == "all" {
		specs = ladderAll()
	}
	seen := map[string]bool{}
	for _, spec := range specs {
		spec = strings.TrimSpace(spec)
		if err := checkSpec(cfg.NewPlayer, "--ladder", spec); err != nil {
			return cfg, err
		}
		if seen[spec] {
			return cfg, usagef("--ladder: %s is named twice", spec)
		}
		seen[spec] = true
		cfg.Entrants = append(cfg.Entrants, sim.Entrant{Name: spec, Level: spec})
	}
	if len(cfg.Entrants) < 2 {
		return cfg, usagef("--ladder: name two players or more, separated by commas (or all)")
	}
	return cfg, nil
}

// ladderAll is the full ladder: the random player, every level of the
// computer opponent, and normal with every personality.
func ladderAll() []string {
	out := append([]string{"random"}, ai.Levels()...)
	for _, p := range ai.Personalities() {
		out = append(out, "normal:"+p)
	}
	return out
}

// checkSpec checks a player's spec as --a-ai does.
func checkSpec(newPlayer sim.NewPlayer, flagName, spec string) error {
	if err := sim.CheckLevel(spec); err != nil {
		return usagef("%s: %v", flagName, err)
	}
	if _, err := newPlayer(spec, 0); err != nil {
		return usagef("%s %s: %v", flagName, spec, err)
	}
	return nil
}

// mergeRoundRobins is `cowpoke sim merge` of the --json outputs of a
// ladder's (or a balance's) slices.
func mergeRoundRobins(files []string, contents [][]byte, asJSON bool, stdout io.Writer) error {
	merged, err := parseAndMerge(files, contents, sim.ParseRoundRobin, sim.MergeRoundRobins) // sim.go
	if err != nil {
		return err
	}
	return writeRoundRobin(merged, asJSON, stdout)
}

// kindName names a report's kind (sim.ReportKind) for errors.
func kindName(kind string) string {
	switch kind {
	case "":
		return "an ordinary run"
	case "ladder":
		return "a ladder"
	}
	return "a " + kind
}
