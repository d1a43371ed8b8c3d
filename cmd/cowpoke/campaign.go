package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"cowpoke/game"
	"cowpoke/game/campaign"
	"cowpoke/game/store"
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
		fmt.Fprintf(stderr, "cowpoke campaign new: %s exists already; a campaign is never started over\n", words.Safe(file))
		return exitError
	}
	var posses []game.PosseSpec
	for _, n := range names {
		p, err := readPosse(n)
		if err != nil {
			fmt.Fprintf(stderr, "cowpoke campaign new: %s\n", errText(err))
			return exitError
		}
		posses = append(posses, p)
	}
	c, err := campaign.New(name, seed, posses, mapName, initiative, critical)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign new: %s\n", errText(err))
		return exitError
	}
	lock, err := lockCampaign(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign new: %s\n", errText(err))
		return exitError
	}
	defer lock.Release()
	data, err := c.Marshal()
	if err == nil {
		// Never over a file another program made in the meantime.
		err = store.WriteFileExclusive(file, data)
	}
	if errors.Is(err, fs.ErrExist) {
		fmt.Fprintf(stderr, "cowpoke campaign new: %s exists already; a campaign is never started over\n", words.Safe(file))
		return exitError
	}
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign new: %s\n", errText(err))
		return exitError
	}
	fmt.Fprintf(stdout, "%s: the campaign %q begins.\n", words.Safe(file), c.Name)
	campaignRoster(c, stdout)
	return exitOK
}

// lockCampaign takes the campaign file's lock (the marker beside it that
// the window takes too), refusing at once while another program holds it.
func lockCampaign(file string) (*store.Lock, error) {
	lock, err := store.LockData(file)
	var held *store.HeldError
	if errors.As(err, &held) {
		return nil, fmt.Errorf("%s: the campaign is open in another program%s", words.Safe(file), held.Holder())
	}
	return lock, err
}

// campaignPlay plays matches under the campaign's lock, saving after each.
// Ctrl+C or SIGTERM stops it: a match in progress is dropped (the file
// keeps every match played before it) and it says how many were played.
func campaignPlay(file string, matches int, level string, stdout, stderr io.Writer) int {
	ctx, received, stop := signalContext()
	defer stop()
	// The file is looked at before its lock is made beside it: no marker
	// is left beside a name that holds no campaign.
	f, err := store.OpenRegular(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign play: %s\n", errText(err))
		return exitError
	}
	f.Close()
	lock, err := lockCampaign(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign play: %s\n", errText(err))
		return exitError
	}
	defer lock.Release()
	c, err := campaign.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign play: %s\n", errText(err))
		return exitError
	}
	played := 0
	for ; played < matches && ctx.Err() == nil; played++ {
		if c.Over() {
			fmt.Fprintln(stdout, "The campaign is over: fewer than two posses have anyone left.")
			break
		}
		r, err := playCampaignMatch(ctx, c, level)
		if ctx.Err() != nil {
			break // the match in progress is not kept
		}
		if err == nil {
			err = c.Save(file)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cowpoke campaign play: %s\n", errText(err))
			return exitError
		}
		campaignMatch(r, stdout)
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "cowpoke campaign play: stopped by %s after %d of %d %s; %s keeps every match played\n",
			signalName(received()), played, matches, words.Plural(matches, "match", "matches"), words.Safe(file))
		return exitCodeFor(received())
	}
	campaignRoster(c, stdout)
	return exitOK
}

// playCampaignMatch plays the campaign's next match, or returns at once
// when ctx is done: the match goes on in the background, changing c, which
// the caller then neither saves nor reads.
func playCampaignMatch(ctx context.Context, c *campaign.Campaign, level string) (*campaign.Record, error) {
	type played struct {
		r   *campaign.Record
		err error
	}
	done := make(chan played, 1)
	go func() {
		r, err := c.PlayHeadless(level)
		done <- played{r, err}
	}()
	select {
	case p := <-done:
		return p.r, p.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func campaignShow(file string, stdout, stderr io.Writer) int {
	c, err := campaign.Load(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke campaign show: %s\n", errText(err))
		return exitError
	}
	fmt.Fprintf(stdout, "%s, on %s, %d %s played.\n", words.Safe(c.Name), c.Map, len(c.Matches), words.Plural(len(c.Matches), "match", "matches"))
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
