package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"cowpoke/game"
	"cowpoke/game/campaign"

	"cowpoke/game/words"
)

const campaignUsage = `usage:
  cowpoke campaign new FILE [-name NAME] [-seed N] [-posses A,B[,C[,D]]] [-map MAP]
                            [-initiative draw|coin|standoff] [-critical-injuries]
      start a Dust to Dust campaign (chapter 9.3) in FILE; -posses names posse
      files or shipped posses (lawmen, desperados, cattlemen, banditos; default
      the first two)
  cowpoke campaign play FILE [-matches N] [-level easy|normal|hard]
      play the next N matches (default 1) computer against computer, roll every
      Survival Roll and save the campaign after each match
  cowpoke campaign show FILE
      the posses as they ride now, Boot Hill, and every match's history`

// runCampaign is `cowpoke campaign ...`.
func runCampaign(args []string, stdout, stderr io.Writer) int {
	return runParsed(parseCampaign, args, stdout, stderr)
}

// parseCampaign reads `cowpoke campaign ...` without touching a file.
func parseCampaign(args []string, stdout, stderr io.Writer) (work, int) {
	if len(args) == 0 {
		fmt.Fprintln(stderr, campaignUsage)
		return nil, exitUsage
	}
	if a := args[0]; a == "-h" || a == "--help" || a == "help" {
		fmt.Fprintln(stdout, campaignUsage)
		return nil, exitOK
	}
	cmd := args[0]
	if cmd != "new" && cmd != "play" && cmd != "show" {
		fmt.Fprintf(stderr, "cowpoke campaign: unknown command %q\n%s\n", shortArg(cmd), campaignUsage)
		return nil, exitUsage
	}
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		fmt.Fprintf(stderr, "cowpoke campaign %s: which campaign file?\n%s\n", cmd, campaignUsage)
		return nil, exitUsage
	}
	file := args[1]
	fs := newFlags("campaign " + cmd)
	name := fs.String("name", "Dust to Dust", "the campaign's name")
	seed := fs.Uint64("seed", 1, "the campaign's seed: every match's dice and every survival roll")
	posses := fs.String("posses", "lawmen,desperados", "posse files or shipped posses, comma separated")
	mapName := fs.String("map", "", "a built-in map")
	initiative := fs.String("initiative", game.MethodDraw, "initiative method: draw, coin or standoff")
	critical := fs.Bool("critical-injuries", false, "optional rule: Critical Injuries, kept between matches")
	matches := fs.Int("matches", 1, "matches to play")
	level := fs.String("level", "easy", "the computer's level")
	if err := parseFlags(fs, args[2:]); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "cowpoke campaign %s: %s\n", cmd, ue.msg)
			return nil, exitUsage
		}
		fmt.Fprintln(stdout, campaignUsage)
		return nil, exitOK
	}
	if *matches < 1 || *matches > campaign.MaxMatches {
		fmt.Fprintf(stderr, "cowpoke campaign %s: -matches must be 1 to %d\n", cmd, campaign.MaxMatches)
		return nil, exitUsage
	}
	switch cmd {
	case "new":
		return func(stdout, stderr io.Writer) int {
			return campaignNew(file, *name, *seed, strings.Split(*posses, ","), *mapName, *initiative, *critical, stdout, stderr)
		}, exitOK
	case "play":
		return func(stdout, stderr io.Writer) int { return campaignPlay(file, *matches, *level, stdout, stderr) }, exitOK
	}
	return func(stdout, stderr io.Writer) int { return campaignShow(file, stdout, stderr) }, exitOK
}

// readPosse reads a posse file, or a shipped posse by its short name.
func readPosse(name string) (game.PosseSpec, error) {
	shipped, err := game.ShippedPosses()
	if err != nil {
		return game.PosseSpec{}, err
	}
	for _, p := range shipped {
		if strings.EqualFold(p.Name, strings.TrimSpace(name)) {
			return p, nil
		}
	}
	data, err := game.ReadPlayerFile(name, game.MaxPosseFileBytes)
	if err != nil {
		return game.PosseSpec{}, err
	}
	p, lines := game.ParseLegalPosse(name, data)
	if len(lines) > 0 {
		return p, errors.New(strings.Join(lines, "; "))
	}
	return p, nil
}

func campaignNew(file, name string, seed uint64, names []string, mapName, initiative string, critical bool, stdout, stderr io.Writer) int {
	if _, err := os.Lstat(file); err == nil {
		fmt.Fprintf(stderr, "cowpoke campaign new: %s exists already; a campaign is never started over\n", file)
		return exitError
	}
	var posses []game.PosseSpec
	for _, n := range names {
		p, err := readPosse(n)
		if err != nil {
			fmt.Fprintf(stderr, "cowpoke campaign new: %v\n", err)
			return exitError
		}
		posses = append(posses, p)
	}
	c, err := campaign.New(name, seed, posses, mapName, initiative, critical)
	if err == nil {
		err = c.Save(file)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign new: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stdout, "%s: the campaign %q begins.\n", file, c.Name)
	campaignRoster(c, stdout)
	return exitOK
}

func campaignPlay(file string, matches int, level string, stdout, stderr io.Writer) int {
	c, err := campaign.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign play: %v\n", err)
		return exitError
	}
	for range matches {
		if c.Over() {
			fmt.Fprintln(stdout, "The campaign is over: fewer than two posses have anyone left.")
			break
		}
		r, err := c.PlayHeadless(level)
		if err == nil {
			err = c.Save(file)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cowpoke campaign play: %v\n", err)
			return exitError
		}
		campaignMatch(r, stdout)
	}
	campaignRoster(c, stdout)
	return exitOK
}

func campaignShow(file string, stdout, stderr io.Writer) int {
	c, err := campaign.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign show: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stdout, "%s, on %s, %d %s played.\n", c.Name, c.Map, len(c.Matches), words.Plural(len(c.Matches), "match", "matches"))
	if why := c.ReadOnly(); why != "" {
		fmt.Fprintln(stdout, why)
	}
	for i := range c.Matches {
		campaignMatch(&c.Matches[i], stdout)
	}
	campaignRoster(c, stdout)
	return exitOK
}

// campaignMatch prints one match of the history.
func campaignMatch(r *campaign.Record, w io.Writer) {
	for _, l := range r.Lines() {
		fmt.Fprintln(w, l)
	}
}

// campaignRoster prints every posse as it rides now and Boot Hill.
func campaignRoster(c *campaign.Campaign, w io.Writer) {
	for _, l := range c.RosterLines() {
		fmt.Fprintln(w, l)
	}
}
