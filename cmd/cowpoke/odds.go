package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// `cowpoke odds`: the exact odds of the rules package for a person at a
// real or a digital table. Every figure comes from rules' exact
// probabilities; nothing here samples.

const oddsUsage = `usage:
  cowpoke odds shoot --weapon NAME --range INCHES [--tier greenhorn|cowpoke|legend] [--aim] [--blaze]
       [--moved] [--target-moved] [--cover none|wood|stone] [--back] [--marksman]
       [--target-tier T] [--target-damage N] [--target-tough] [--target-tough-spent]
       [--up|--down] [--fatigued N] [--stymied] [--luck] [--breaks] [--json]
  cowpoke odds brawl (--attacker-dice N | [--attacker-tier T] [--attacker-brawler] [--attacker-melee])
       (--defender-dice M | [--defender-tier T] [--defender-brawler] [--defender-melee])
       [--attacker-damage N] [--defender-damage N] [--json]
  cowpoke odds blast --distance INCHES [--target-tier T] [--target-damage N] [--target-tough] [--target-tough-spent] [--json]
  cowpoke odds survive [--tier T] [--tough] [--json]
weapons: derringer, revolver, lever-action, shotgun, single-shot-rifle, gatling-gun, bow, dynamite.
Ranges and distances are in inches, base edge to base edge. The target is an unhurt Cowpoke unless told otherwise.`

// usageError is a mistake on the command line: one line on stderr, exit 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func runOdds(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 { // a mistake: the usage goes to stderr
		fmt.Fprintln(stderr, oddsUsage)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stdout, oddsUsage)
		return exitOK
	}
	var err error
	switch args[0] {
	case "shoot":
		err = oddsShoot(args[1:], stdout)
	case "brawl":
		err = oddsBrawl(args[1:], stdout)
	case "blast":
		err = oddsBlast(args[1:], stdout)
	case "survive":
		err = oddsSurvive(args[1:], stdout)
	default:
		err = usagef("unknown odds %q (want shoot, brawl, blast or survive)", args[0])
	}
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintln(stdout, oddsUsage)
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cowpoke odds: %s\n", ue.msg)
		return exitUsage
	default:
		fmt.Fprintf(stderr, "cowpoke odds: %s\n", errText(err))
		return exitError
	}
}

// newFlags makes a flag set that reports errors to us, not to the terminal.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses and turns the flag package's errors into one line.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// isSet reports whether the flag was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// woundTrack is the flags that describe one character's health.
type woundTrack struct {
	prefix     string
	tier       *string
	damage     *int
	tough      *bool
	toughSpent *bool
}

// addWoundTrack registers --PREFIXtier, --PREFIXdamage, --PREFIXtough and
// --PREFIXtough-spent (PREFIX is "target-", "attacker-" or "defender-").
func addWoundTrack(fs *flag.FlagSet, prefix string) *woundTrack {
	return &woundTrack{
		prefix:     prefix,
		tier:       fs.String(prefix+"tier", "cowpoke", "tier: greenhorn, cowpoke or legend"),
		damage:     fs.Int(prefix+"damage", 0, "damage already marked"),
		tough:      fs.Bool(prefix+"tough", false, "has the Tough skill (every Legend is Tough)"),
		toughSpent: fs.Bool(prefix+"tough-spent", false, "Tough has already ignored a Light Wound"),
	}
}

func (w *woundTrack) health() (rules.Tier, rules.Health, error) {
	tier, err := rules.ParseTier(*w.tier)
	if err != nil {
		return 0, rules.Health{}, usagef("--%stier: %v", w.prefix, err)
	}
	h := rules.NewHealth(tier, *w.tough)
	switch {
	case *w.damage < 0:
		return 0, h, usagef("--%sdamage %d: damage cannot be negative", w.prefix, *w.damage)
	case *w.damage >= h.MaxHP:
		return 0, h, usagef("--%sdamage %d: a %s with %d damage is already out of play", w.prefix, *w.damage, tier, *w.damage)
	case *w.toughSpent && !h.Tough:
		return 0, h, usagef("--%stough-spent: a %s without the Tough skill has no Tough to spend", w.prefix, tier)
	}
	h.Damage = *w.damage
	h.ToughSpent = *w.toughSpent
	return tier, h, nil
}

// describe names the character for a sentence: "an unhurt Cowpoke".
func describe(tier rules.Tier, h rules.Health) string {
	var extras []string
	if h.Damage > 0 {
		extras = append(extras, fmt.Sprintf("%d damage", h.Damage))
	}
	if h.Tough && tier != rules.Legend {
		extras = append(extras, "Tough")
	}
	if h.ToughSpent {
		extras = append(extras, "Tough spent")
	}
	s := tier.String()
	if h.Damage == 0 {
		s = "unhurt " + s
	}
	article := "a"
	if strings.ContainsRune("aeiouAEIOU", rune(s[0])) {
		article = "an"
	}
	s = article + " " + s
	if len(extras) > 0 {
		s += " (" + strings.Join(extras, ", ") + ")"
	}
	return s
}

func pct(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

func inches(d float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", d), "0"), ".") + `"`
}

// maxInches bounds every distance the commands take: far beyond the
// diagonal of the largest table a map may describe.
const maxInches = 1000

// checkDistance refuses what cannot be a distance on a table.
func checkDistance(flagName string, d float64, given bool) error {
	switch {
	case !given:
		return usagef("--%s is required", flagName)
	case math.IsNaN(d) || math.IsInf(d, 0):
		return usagef("--%s %v is not a distance", flagName, d)
	case d < 0:
		return usagef("--%s %v: a distance cannot be negative", flagName, d)
	case d > maxInches:
		return usagef("--%s %v: at most %d inches (the largest table is %d inches a side)", flagName, d, maxInches, board.MaxTableInches)
	}
	return nil
}

// poolReport is the JSON of shoot and blast.
type poolReport struct {
	Weapon     string             `json:"weapon,omitempty"`
	Range      float64            `json:"range"`
	Band       string             `json:"band"`
	Base       int                `json:"base"`
	Dice       int                `json:"dice"`
	HailMary   bool               `json:"hail_mary"`
	EverySix   bool               `json:"every_six_hits"`
	Modifiers  []rules.Modifier   `json:"modifiers"`
	Impossible bool               `json:"impossible"`
	Why        string             `json:"why,omitempty"`
	Explain    string             `json:"explain"`
	PHit       float64            `json:"p_hit"`
	Hits       []float64          `json:"hits"`
	Damage     map[string]float64 `json:"damage"`
	Target     string             `json:"target"`
	PRemoved   float64            `json:"p_removed"`
	Keep       string             `json:"keep,omitempty"` // "up" or "down" (R38)
}

func newPoolReport(pool *rules.Pool, d float64, band rules.Band, target rules.Health, targetName string) poolReport {
	odds := rules.OddsOf(pool, target)
	r := poolReport{
		Range: d, Band: band.Key(), Base: max(pool.Base, 0), Dice: pool.Dice, HailMary: pool.HailMary, EverySix: pool.EverySix,
		Modifiers: append([]rules.Modifier{}, pool.Modifiers()...), Impossible: pool.Impossible, Why: pool.Why,
		Explain: pool.Explain(), PHit: odds.PHit, Hits: append([]float64(nil), odds.Hits.Slice()...),
		Damage: map[string]float64{}, Target: targetName, PRemoved: odds.PRemoved, Keep: keepKey(pool.Keep),
	}
	for dmg, p := range rules.DamageDist() {
		if p > 0 {
			r.Damage[fmt.Sprint(dmg)] = p
		}
	}
	return r
}

// text writes the report for people.
func (r poolReport) text(w io.Writer, what string, pool *rules.Pool) {
	fmt.Fprintf(w, "%s at %s (%s): ", what, inches(r.Range), bandName(r.Band))
	if r.Impossible {
		fmt.Fprintf(w, "no dice: %s.\n", r.Why)
		return
	}
	fmt.Fprintf(w, "%s", diceWord(max(pool.Base, 0)))
	for _, m := range pool.Modifiers() {
		fmt.Fprintf(w, ", %s %+d", m.Name, m.Dice)
	}
	switch {
	case r.HailMary:
		fmt.Fprint(w, " -> Hail Mary: 1 die, only a 6 hits.")
	case len(pool.Modifiers()) > 0:
		fmt.Fprintf(w, " -> %s.", diceWord(r.Dice))
	default:
		fmt.Fprint(w, ".")
	}
	fmt.Fprint(w, keepWords(pool.Keep)) // odds_round.go
	fmt.Fprintf(w, " Hit %s. Removes %s %s.\n", pct(r.PHit), r.Target, pct(r.PRemoved))
	if r.EverySix {
		fmt.Fprint(w, "Hits (every six):")
		for k, p := range r.Hits {
			if p >= 0.0005 {
				fmt.Fprintf(w, " %d: %s", k, pct(p))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Each hit: Light (1) %s, Serious (2) %s, Mortal (4) %s.\n", pct(r.Damage["1"]), pct(r.Damage["2"]), pct(r.Damage["4"]))
}

func bandName(key string) string {
	for _, b := range rules.Bands() {
		if b.Key() == key {
			return b.String()
		}
	}
	return key
}

func diceWord(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func oddsShoot(args []string, stdout io.Writer) error {
	fs := newFlags("shoot")
	weaponName := fs.String("weapon", "", "weapon")
	rng := fs.Float64("range", 0, "range in inches, base edge to base edge")
	tierName := fs.String("tier", "cowpoke", "the shooter's tier")
	aim := fs.Bool("aim", false, "the shooter aimed at this target")
	blaze := fs.Bool("blaze", false, "Blaze Away")
	moved := fs.Bool("moved", false, "the shooter moved this activation")
	targetMoved := fs.Bool("target-moved", false, "the target moved in its last activation")
	coverName := fs.String("cover", "none", "the target's cover: none, wood or stone")
	back := fs.Bool("back", false, "a back shot")
	marksman := fs.Bool("marksman", false, "a Marksman with his signature weapon")
	target := addWoundTrack(fs, "target-")
	round := addRoundFlags(fs) // odds_round.go
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	roundMods, err := round.modifiers()
	if err != nil {
		return err
	}
	if *weaponName == "" {
		return usagef("--weapon is required (derringer, revolver, lever-action, shotgun, single-shot-rifle, gatling-gun, bow, dynamite)")
	}
	weapon, err := rules.ParseWeapon(*weaponName)
	if err != nil {
		return usagef("--weapon: %v", err)
	}
	if err := checkDistance("range", *rng, isSet(fs, "range")); err != nil {
		return err
	}
	tier, err := rules.ParseTier(*tierName)
	if err != nil {
		return usagef("--tier: %v", err)
	}
	cover, err := rules.ParseCover(*coverName)
	if err != nil {
		return usagef("--cover: %v", err)
	}
	targetTier, health, err := target.health()
	if err != nil {
		return err
	}
	band, _ := rules.BandFor(*rng)
	var pool rules.Pool
	if weapon == rules.Dynamite {
		// A stick rolls no dice to hit; at a range it is the blast that
		// rolls, and nothing modifies a blast (R25).
		for _, name := range append([]string{"tier", "aim", "blaze", "moved", "target-moved", "cover", "back", "marksman"}, roundFlagNames...) {
			if isSet(fs, name) {
				return usagef("--%s: nothing modifies a dynamite blast (R25)", name)
			}
		}
		pool, _ = rules.BlastPool(*rng)
	} else {
		pool, err = rules.ShotPool(rules.Shot{
			Weapon: weapon, Band: band, Tier: tier, Aimed: *aim, Blaze: *blaze,
			AttackerMoved: *moved, TargetMoved: *targetMoved, Cover: cover, BackShot: *back, Marksman: *marksman,
		})
		if err != nil {
			return usageError{err.Error()}
		}
		roundMods.Apply(&pool)
	}
	r := newPoolReport(&pool, *rng, band, health, describe(targetTier, health))
	r.Weapon = weapon.String()
	if *asJSON {
		return writeJSON(stdout, r)
	}
	r.text(stdout, weapon.String(), &pool)
	return nil
}

func oddsBlast(args []string, stdout io.Writer) error {
	fs := newFlags("blast")
	dist := fs.Float64("distance", 0, "distance from the stick to the victim's base edge, in inches")
	target := addWoundTrack(fs, "target-")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkDistance("distance", *dist, isSet(fs, "distance")); err != nil {
		return err
	}
	targetTier, health, err := target.health()
	if err != nil {
		return err
	}
	pool, _ := rules.BlastPool(*dist)
	band, _ := rules.BandFor(*dist)
	r := newPoolReport(&pool, *dist, band, health, describe(targetTier, health))
	if *asJSON {
		return writeJSON(stdout, r)
	}
	r.text(stdout, "Blast", &pool)
	return nil
}

// fighterFlags are one side of a brawl.
type fighterFlags struct {
	side    string
	dice    *int
	brawler *bool
	melee   *bool
	track   *woundTrack
}

func addFighter(fs *flag.FlagSet, side string) *fighterFlags {
	return &fighterFlags{
		side:    side,
		dice:    fs.Int(side+"-dice", 0, "brawl dice (instead of tier, skills and weapon)"),
		brawler: fs.Bool(side+"-brawler", false, "has the Brawler skill"),
		melee:   fs.Bool(side+"-melee", false, "carries a melee weapon"),
		track:   addWoundTrack(fs, side+"-"),
	}
}

// pool is the fighter's brawl pool: raw dice, or built from tier and skills.
func (f *fighterFlags) pool(fs *flag.FlagSet) (rules.Pool, rules.Tier, rules.Health, error) {
	tier, health, err := f.track.health()
	if err != nil {
		return rules.Pool{}, 0, health, err
	}
	if !isSet(fs, f.side+"-dice") {
		return rules.BrawlPool(rules.BrawlStats{Tier: tier, Brawler: *f.brawler, Melee: *f.melee}), tier, health, nil
	}
	for _, name := range []string{"brawler", "melee"} {
		if isSet(fs, f.side+"-"+name) {
			return rules.Pool{}, 0, health, usagef("give --%s-dice or --%s-%s, not both", f.side, f.side, name)
		}
	}
	if *f.dice < 1 || *f.dice > rules.MaxDice {
		return rules.Pool{}, 0, health, usagef("--%s-dice %d: a brawl pool is 1 to %d dice", f.side, *f.dice, rules.MaxDice)
	}
	return rules.Pool{Label: "Brawl", Base: *f.dice, Total: *f.dice, Dice: *f.dice}, tier, health, nil
}

type brawlReport struct {
	AttackerDice     int     `json:"attacker_dice"`
	DefenderDice     int     `json:"defender_dice"`
	PAttackerWins    float64 `json:"p_attacker_wins"`
	PDefenderWins    float64 `json:"p_defender_wins"`
	PBloodyDraw      float64 `json:"p_bloody_draw"`
	PScuffle         float64 `json:"p_scuffle"`
	PAttackerRemoved float64 `json:"p_attacker_removed"`
	PDefenderRemoved float64 `json:"p_defender_removed"`
}

func oddsBrawl(args []string, stdout io.Writer) error {
	fs := newFlags("brawl")
	attacker := addFighter(fs, "attacker")
	defender := addFighter(fs, "defender")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	ap, aTier, aHealth, err := attacker.pool(fs)
	if err != nil {
		return err
	}
	dp, dTier, dHealth, err := defender.pool(fs)
	if err != nil {
		return err
	}
	o := rules.BoutOdds(ap.Dice, dp.Dice, aHealth, dHealth)
	r := brawlReport{ap.Dice, dp.Dice, o.PAttackerWins, o.PDefenderWins, o.PBloodyDraw, o.PScuffle, o.PAttackerRemoved, o.PDefenderRemoved}
	if *asJSON {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "Attacker: %s. Defender: %s.\n", ap.Explain(), dp.Explain())
	fmt.Fprintf(stdout, "Attacker wins %s, defender wins %s, Bloody Draw %s, Scuffle %s.\n",
		pct(r.PAttackerWins), pct(r.PDefenderWins), pct(r.PBloodyDraw), pct(r.PScuffle))
	fmt.Fprintf(stdout, "Removed: the attacker, %s, %s; the defender, %s, %s.\n",
		describe(aTier, aHealth), pct(r.PAttackerRemoved), describe(dTier, dHealth), pct(r.PDefenderRemoved))
	return nil
}

type survivalReport struct {
	Dice     int     `json:"dice"`
	PSurvive float64 `json:"p_survive"`
	PDeath   float64 `json:"p_death"`
}

func oddsSurvive(args []string, stdout io.Writer) error {
	fs := newFlags("survive")
	tierName := fs.String("tier", "cowpoke", "the fallen character's tier")
	tough := fs.Bool("tough", false, "has the Tough skill (every Legend is Tough)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	tier, err := rules.ParseTier(*tierName)
	if err != nil {
		return usagef("--tier: %v", err)
	}
	pool := rules.SurvivalPool(tier, *tough)
	p := rules.PSurvive(pool.Dice)
	r := survivalReport{Dice: pool.Dice, PSurvive: p, PDeath: 1 - p}
	if *asJSON {
		return writeJSON(stdout, r)
	}
	fmt.Fprintf(stdout, "%s. Survives %s, the end %s.\n", pool.Explain(), pct(r.PSurvive), pct(r.PDeath))
	return nil
}
