package ai

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	estimate "cowpoke/game/eval"
	"cowpoke/rules"
)

// The search on top of the planner: the planner's best few candidates for
// a decision (an action, the model to activate, Fire or Hold, an
// initiative method's choice) are each played forward on forks of the
// match with fresh dice, through the rest of this activation and the
// replies after it, and scored at the end by the learned estimate of the
// side's chance to win (game/eval). Successive halving spends the budget:
// every candidate gets the same playouts in a round (the same dice for
// every candidate in a round: common random numbers), the worse half is
// dropped, and the rest play on.
//
// The budget is a count of playouts, not a time, so that a decision is the
// same on any machine and under any load (a save that records the
// computer's decisions replays; a simulation is reproducible); the counts
// are sized so that the CPU bars of the levels hold (README).

// searchBudget is how much a level searches.
type searchBudget struct {
	cands    int // candidates searched (the planner's best)
	playouts int // playouts per decision, over all candidates
	// tokenPlayouts replaces playouts under the token stack, where a
	// playout costs about twice as much (its bag parts the playouts
	// sooner, so they share fewer decisions); 0: playouts.
	tokenPlayouts int
	horizon       int     // activations played after the one the decision is in
	within        float64 // only candidates the planner scores within this of its best (0: any)
	// The confidence rule: a challenger replaces the planner's choice when
	// its outcomes on the same dice beat it on average by more than margin
	// and by more than ses standard errors of that difference.
	margin, ses float64
	// slope raises a challenger's margin by this much for every point the
	// planner scored it below its own choice: the further down the
	// planner's list, the surer the playouts must be (0: one margin).
	slope float64
	// plannerThrows: a throw is judged by the planner alone, never by
	// playouts. A stick goes off at the thrower's next activation, mostly
	// past a playout's end, where the estimate reads a lit fuse only as
	// a threat to the models near it (game/eval's threat) and a stick
	// spent as next to nothing, so the playouts misjudged throws (two of
	// the dynamite sweep's): one the planner ranks first is not
	// searched, and one it ranks lower is no challenger.
	plannerThrows bool
	// through: a playout goes on through the deciding model's next
	// activation and stops when it ends (or at the horizon), so that what
	// prepares a shot (a reload, an Aim, a step to a firing spot) can pay
	// inside it.
	through bool
	// replies: every model but the deciding one plays a playout at the
	// deciding level's planner (without search or look-ahead) rather than
	// the cheaper playout policy.
	replies bool
	// luck: a playout's outcome is corrected by its luck (a control
	// variate): what the shots in it were expected to remove less what
	// they removed, for the deciding side against the others, times the
	// decision's regression coefficient of outcome on luck. Much of a
	// playout's spread is whether its shots went home; the correction
	// keeps what the decisions did and drops most of what the dice did.
	luck bool
	// salt changes the playouts' dice (a measurement knob: hard with
	// other dice in its playouts, the same strength but other matches).
	salt uint64
	// verify: a challenger that beats the planner's choice plays this
	// many more rounds against it on fresh dice, and replaces it only if
	// it still beats it over all the rounds they shared (0: no check).
	verify int
	// mix: in half the playouts (by the round's dice) the other models
	// play the playout policy with the reckless personality, so that the
	// search does not count on the replies of one style of opponent.
	mix bool
	// habits: the enemies in a playout go on Overwatch about as often as
	// they have in the match so far (watchHabit), not as the steady
	// policy would; blazes: they Blaze Away about as often as they have
	// (blazeHabit).
	habits, blazes bool
	// foresight: when the enemies have shown that they play unlike the
	// playout policy (their Blaze Away habit, blazeHabit, below this: an
	// enemy who never Blazes Away comes to 0.6 after 14 plain shots, and
	// normal stays near 1), the playouts foresee them poorly and the
	// search trusts them less: it searches the narrow field (narrowCands)
	// in place of cands, within and slope (0: off).
	foresight float64
	// weighted: the playout policy weighs Overwatch and the tempo term as
	// the deciding level does (its watchShare and tempo), not as the steady
	// personality alone (a measurement knob: README, "Overwatch at half
	// weight and the tempo term, adopted").
	weighted bool
	// styles: in a share of the playouts the enemies play a plain
	// shooter (plainShooter) in place of the steady policy: the more of
	// their own shooting rolls have been plain shots rather than Blazes
	// Away (1 - blazeHabit), the more playouts.
	styles bool
	// blind: when the first round's playouts of every candidate ended
	// alike (nobody in sight within the horizon), the search starts again
	// with playouts this many activations long (0: it does not).
	blind int
	// blindThrough: those longer playouts also go on through the deciding
	// model's next activation (as through does).
	blindThrough bool
	// blindPlayouts: the playouts of the longer look (0: the count the
	// decision started with, tokenPlayouts under the token stack); they
	// cost several times a short one, and a decision's CPU p99 is a blind one.
	blindPlayouts int
	// blasts: while the deciding model has a lit stick on the table, a
	// playout goes on past the horizon until the model's next activation
	// begins and sets the stick off, and stops just after, so that its
	// end sees what the blast did (the enemies' replies flee a lit fuse:
	// their planner weighs its danger). With plannerThrows off, throws
	// are then searched like any other command (a measurement knob).
	blasts bool
}

// playoutsOn is the playouts a decision on m gets.
func (b searchBudget) playoutsOn(m *game.Match) int {
	if b.tokenPlayouts > 0 {
		if _, _, _, tokens := m.BagCounts(); tokens {
			return b.tokenPlayouts
		}
	}
	return b.playouts
}

// playoutLevel is the playout policy: the planner's exact-odds scoring with
// few places weighed (none in an enemy's rear arc nor past a building's
// ways out), no Runs, no look-ahead and no search. It plays every model in
// a playout but the deciding side's active model, which plays at the
// deciding level without search.
var playoutLevel = level{name: "playout", rings: 4, cover: 3, checks: 1, nearSideOnly: true}

// playout is one candidate's running total.
type playout struct {
	c      choice
	values []float64 // outcome by round (the round's dice); NaN: not played
	lucks  []float64 // the deciding side's luck by round (searchBudget.luck)
	n      int
	alive  bool
	beta   float64 // the decision's luck coefficient, as last estimated
}

// value is the outcome of round r, corrected by its luck.
func (o *playout) value(r int) float64 {
	return o.values[r] - float64(o.beta*o.lucks[r])
}

func (o *playout) mean() float64 {
	if o.n == 0 {
		return 0
	}
	sum := 0.0
	for r, v := range o.values {
		if !math.IsNaN(v) {
			sum += o.value(r)
		}
	}
	return sum / float64(o.n)
}

// luckCoefficient is the regression coefficient of the playouts' outcomes
// on their luck, within each candidate (the luck of a playout has mean 0
// whatever was decided, so each candidate's outcomes are taken about
// their own mean); 0 with too few playouts to estimate it.
func luckCoefficient(pool []*playout) float64 {
	sxy, sxx, n := 0.0, 0.0, 0
	for _, o := range pool {
		if o.n == 0 {
			continue
		}
		mv, mx := 0.0, 0.0
		for r, v := range o.values {
			if !math.IsNaN(v) {
				mv += v
				mx += o.lucks[r]
			}
		}
		mv /= float64(o.n)
		mx /= float64(o.n)
		for r, v := range o.values {
			if !math.IsNaN(v) {
				sxy += float64((v - mv) * (o.lucks[r] - mx))
				sxx += float64((o.lucks[r] - mx) * (o.lucks[r] - mx))
				n++
			}
		}
	}
	if n < 8 || sxx < 1e-12 {
		return 0
	}
	return sxy / sxx
}

// beats is the confidence rule: o replaces the planner's choice top only
// when its outcomes over the rounds both played (the same dice) are better
// on average by more than margin and by more than ses standard errors.
func (o *playout) beats(top *playout, margin, ses float64) bool {
	var ds []float64
	for r, v := range o.values {
		if r < len(top.values) && !math.IsNaN(v) && !math.IsNaN(top.values[r]) {
			ds = append(ds, o.value(r)-top.value(r))
		}
	}
	if len(ds) < 4 {
		return false
	}
	n := float64(len(ds))
	mean := 0.0
	for _, d := range ds {
		mean += d
	}
	mean /= n
	ss := 0.0
	for _, d := range ds {
		ss += float64((d - mean) * (d - mean))
	}
	se := math.Sqrt(ss / (n - 1) / n)
	return mean > math.Max(margin, float64(ses*se))
}

// search plays the best candidates forward and returns them best first by
// their mean outcome, with the playouts' words added to the chosen one.
// cs is sorted best first by the planner.
func (p *Player) search(m *game.Match, cs []choice) []choice {
	b := p.lvl.search
	if b.playouts == 0 || len(cs) < 2 || (b.plannerThrows && cs[0].cmd.Kind == game.CmdThrow) {
		return cs
	}
	cands, within, slope := b.field(m, m.Decider())
	var pool []*playout
	for _, c := range cs {
		if len(pool) == cands || (within > 0 && c.score < cs[0].score-within) {
			break
		}
		if b.plannerThrows && c.cmd.Kind == game.CmdThrow {
			continue
		}
		dup := false
		for _, o := range pool {
			dup = dup || cmdKey(o.c.cmd) == cmdKey(c.cmd)
		}
		if !dup && m.Validate(c.cmd) == nil {
			pool = append(pool, &playout{c: c, alive: true})
		}
	}
	if len(pool) < 2 {
		return cs
	}
	side := m.Decider()
	me := m.Active
	if m.Pending != nil {
		me = m.Pending.Watcher
	}
	rounds := 0
	for k := len(pool); k > 1; k = (k + 1) / 2 {
		rounds++
	}
	live := len(pool)
	round := 0
	key := positionKey(m)
	// roundSeed is the dice of a round, the same for every candidate.
	roundSeed := func(round int) uint64 { return game.Mix64(p.seed ^ game.Mix64(key+uint64(round)) ^ b.salt) }
	horizon, through := b.horizon, b.through
	memo := decisionMemo{} // what the playouts decide, for this search only
	playouts := b.playoutsOn(m)
	for r := 0; r < rounds; r++ {
		per := max(1, playouts/rounds/live)
		for i := 0; i < per; i++ {
			seed := roundSeed(round)
			for _, o := range pool {
				if !o.alive {
					o.values = append(o.values, math.NaN())
					o.lucks = append(o.lucks, 0)
				} else {
					v, luck := p.playOut(m, o.c.cmd, side, me, seed, horizon, through, memo)
					o.values = append(o.values, v)
					o.lucks = append(o.lucks, luck)
					o.n++
				}
			}
			round++
		}
		if r == 0 && b.blind > horizon && playedAlike(pool) {
			// Blind at this horizon: look further, from the start.
			horizon, through = b.blind, through || b.blindThrough
			if b.blindPlayouts > 0 {
				playouts = b.blindPlayouts
			}
			for _, o := range pool {
				o.values, o.lucks, o.n = o.values[:0], o.lucks[:0], 0
			}
			r--
			continue
		}
		if b.luck {
			beta := luckCoefficient(pool)
			for _, o := range pool {
				o.beta = beta
			}
		}
		if r == rounds-1 {
			break
		}
		// Keep the better half of the challengers (ties to the planner's
		// order); the planner's choice plays every round, for the
		// comparison on the same dice.
		var alive []*playout
		for _, o := range pool[1:] {
			if o.alive {
				alive = append(alive, o)
			}
		}
		slices.SortStableFunc(alive, func(a, b *playout) int { return cmp.Compare(b.mean(), a.mean()) })
		keep := len(alive) / 2
		for _, o := range alive[keep:] {
			o.alive = false
		}
		live = keep + 1
	}
	// The planner's choice first unless a challenger beats it by the
	// confidence rule; then the others by their mean.
	top := pool[0]
	best := top
	marginOf := func(o *playout) float64 { return b.margin + slope*(top.c.score-o.c.score) }
	for _, o := range pool[1:] {
		if o.alive && o.mean() > best.mean() && o.beats(top, marginOf(o), b.ses) {
			best = o
		}
	}
	if best != top && b.verify > 0 {
		// A lucky draw fades on fresh dice; a better decision holds.
		for i := 0; i < b.verify; i++ {
			seed := roundSeed(round)
			for _, o := range pool {
				v, luck := math.NaN(), 0.0
				if o == top || o == best {
					v, luck = p.playOut(m, o.c.cmd, side, me, seed, horizon, through, memo)
					o.n++
				}
				o.values = append(o.values, v)
				o.lucks = append(o.lucks, luck)
			}
			round++
		}
		if !best.beats(top, marginOf(best), b.ses) {
			best = top
		}
	}
	if p.onSearch != nil {
		s := searched{alike: playedAlike(pool)}
		for _, o := range pool {
			s.pool = append(s.pool, searchedCandidate{cmd: o.c.cmd, planner: o.c.score, mean: o.mean(), values: slices.Clone(o.values), chosen: o == best})
		}
		p.onSearch(s)
	}
	slices.SortStableFunc(pool, func(a, b *playout) int {
		switch {
		case a == best:
			return -1
		case b == best:
			return 1
		case a.alive != b.alive && a.alive:
			return -1
		case a.alive != b.alive:
			return 1
		}
		return cmp.Compare(b.mean(), a.mean())
	})
	out := make([]choice, 0, len(cs))
	for i, o := range pool {
		c := o.c
		c.score = float64(len(pool)-i) + o.mean()
		// The luck correction may carry a mean a little past 0 or 1.
		chance := min(max(o.mean(), 0), 1)
		c.terms = joinTerms(c.terms, fmt.Sprintf("played on %d times with other dice, it leaves us a %.0f%% chance to win", o.n, 100*chance))
		out = append(out, c)
	}
	for _, c := range cs {
		searched := false
		for _, o := range pool {
			searched = searched || cmdKey(o.c.cmd) == cmdKey(c.cmd)
		}
		if !searched {
			c.score -= 1e6
			out = append(out, c)
		}
	}
	return out
}

// searched is what one search did, for the measurements of the tests
// (Player.onSearch).
type searched struct {
	alike bool                // every candidate's playouts ended alike on the dice they shared
	pool  []searchedCandidate // the planner's choice first
}

// searchedCandidate is one candidate of a search, in the planner's order.
type searchedCandidate struct {
	cmd     game.Command
	planner float64   // the planner's score
	mean    float64   // its playouts' mean outcome
	values  []float64 // its outcome by round (NaN: not played)
	chosen  bool
}

// playouts is how many playouts the search played, over every candidate
// (a round a candidate did not play is NaN in its values).
func (s searched) playouts() int {
	n := 0
	for _, c := range s.pool {
		for _, v := range c.values {
			if !math.IsNaN(v) {
				n++
			}
		}
	}
	return n
}

// switched reports whether a challenger replaced the planner's choice.
func (s searched) switched() bool { return len(s.pool) > 0 && !s.pool[0].chosen }

// gain is the chosen candidate's mean outcome less the planner's choice's.
func (s searched) gain() float64 {
	for _, c := range s.pool {
		if c.chosen {
			return c.mean - s.pool[0].mean
		}
	}
	return 0
}

// playedAlike reports whether every candidate's playouts ended at the same
// value on every round of dice it shared with the planner's choice: the
// search could tell them apart by nothing.
func playedAlike(pool []*playout) bool {
	top := pool[0]
	for _, o := range pool[1:] {
		for r, v := range o.values {
			if !math.IsNaN(v) && math.Abs(v-top.values[r]) > 1e-12 {
				return false
			}
		}
	}
	return true
}

func joinTerms(terms, more string) string {
	if terms == "" {
		return "and " + more
	}
	return terms + "; " + more
}

// cmdKey tells commands apart.
func cmdKey(c game.Command) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// playOut applies c on a fork of m with fresh dice (never the match's
// own), plays on with the playout policy until the deciding model me
// starts its next activation (through: until it ends it) or horizon more
// activations have started, and
// returns the learned estimate of side's chance to win there.
// With the level's luck correction it also returns the side's luck in the
// playout against the mean of the other posses' (0 without).
func (p *Player) playOut(m *game.Match, c game.Command, side, me int, seed uint64, horizon int, through bool, memo decisionMemo) (value, luck float64) {
	var lucks []float64
	if p.lvl.search.luck {
		lucks = make([]float64, len(m.Posses))
	}
	f := p.playOn(m, c, side, me, seed, horizon, through, lucks, memo)
	if f == nil {
		return 0, 0
	}
	if lucks != nil {
		luck = game.LuckAgainst(lucks, side)
	}
	return estimate.WinChances(f)[side], luck
}

// playOn is playOut's play: the fork where it stops (nil when c is
// refused), noting the shots' luck in luck (nil: none) as it goes, and
// remembering the playout players' decisions in memo (nil: none).
//
// Activations are counted by the events that start them, not by Activate
// commands: under card stacks, the deck and the token stack a model's
// activation may begin without one (when its card or token comes up), and
// a playout counting commands ran to the end of the match there.
func (p *Player) playOn(m *game.Match, c game.Command, side, me int, seed uint64, horizon int, through bool, luck []float64, memo decisionMemo) *game.Match {
	f := m.Fork(rules.NewSeeded(seed))
	evs, err := f.ApplyNotingLuck(c, luck)
	if err != nil {
		return nil
	}
	if me < 0 {
		// A choice made between activations (an Activate, an initiative
		// method's choice) may start one: that model decides from here.
		for _, e := range evs {
			if e.Kind == game.EvActivated && e.Posse == side {
				me = e.Model
				break
			}
		}
	}
	own, cheap := p.playoutPlayers()
	if p.lvl.search.mix && seed&1 == 1 {
		cheap = p.bold
	}
	foe := cheap // the enemies' player
	if p.lvl.search.styles && float64(game.Mix64(seed^styleSalt))/(1<<64) >= blazeHabit(m, side) {
		foe = p.plain
	}
	// The shares of the enemies' Overwatches and Blazes Away kept.
	watch, blaze := 1.0, 1.0
	if p.lvl.search.habits {
		watch = watchHabit(m, side)
	}
	if p.lvl.search.blazes {
		blaze = blazeHabit(m, side)
	}
	started, again := 0, false // other activations begun; me's next begun
	// lit: the blasts knob keeps the playout on until me's stick goes off.
	lit := func() bool {
		if !p.lvl.search.blasts {
			return false
		}
		for _, fu := range f.Fuses {
			if fu.Thrower == me {
				return true
			}
		}
		return false
	}
	// endsAt: an activation of model id beginning now ends the playout.
	endsAt := func(id int) bool {
		if id == me {
			return !through || again
		}
		return started >= horizon && !lit()
	}
	for n := 0; !f.Over && n < 400; n++ {
		who := cheap
		switch {
		case f.Active >= 0 && f.Active == me && f.Pending == nil:
			who = own
		case f.Decider() != side:
			who = foe
		}
		cmd, ok := memo.decide(who, f)
		if !ok {
			break
		}
		if f.Decider() != side && (watch < 1 || blaze < 1) {
			cmd = asHeWould(f, cmd, watch, blaze, float64(game.Mix64(seed^uint64(n)))/(1<<64))
		}
		blastThenStop := false
		if cmd.Kind == game.CmdActivate && endsAt(cmd.Model) {
			if cmd.Model != me || !lit() {
				break // before it begins
			}
			blastThenStop = true // its beginning sets the stick off
		}
		evs, err := f.ApplyNotingLuck(cmd, luck)
		if err != nil {
			break
		}
		stop := blastThenStop
		for _, e := range evs {
			switch {
			case e.Kind == game.EvActivated:
				stop = stop || endsAt(e.Model)
				if e.Model == me {
					again = true
				} else {
					started++
				}
			case e.Kind == game.EvActivationEnded && e.Model == me && again:
				stop = true
			}
		}
		if stop {
			break
		}
	}
	return f
}

// playoutPlayers are the players of a playout: the deciding level without
// search for the deciding model, the playout policy for everyone else;
// made once per player, sharing its caches (what they keep does not
// depend on the level).
func (p *Player) playoutPlayers() (own, cheap *Player) {
	if p.own == nil {
		ol := p.lvl
		ol.search, ol.look = searchBudget{}, 0
		p.own = &Player{lvl: ol, per: p.per, seed: p.seed, sights: p.sights, walks: p.walks}
		cl := playoutLevel
		if p.lvl.search.replies {
			cl = ol
		}
		if p.lvl.search.weighted {
			cl.tempo, cl.watchShare = p.lvl.tempo, p.lvl.watchShare
		}
		p.cheap = &Player{lvl: cl, per: cl.weighs(personalities[0]), seed: p.seed, sights: p.sights, walks: p.walks}
		p.bold = &Player{lvl: cl, per: cl.weighs(personalities[2]), seed: p.seed, sights: p.sights, walks: p.walks}
		pl := cl
		pl.blazeCost = plainShooterBlazeCost
		p.plain = &Player{lvl: pl, per: plainShooter, seed: p.seed, sights: p.sights, walks: p.walks}
	}
	return p.own, p.cheap
}

// plainShooter is how a player who never Blazes Away nor goes on
// Overwatch, and stands to shoot where the steady policy would step to
// safety first, plays in a playout (the styles knob): the playout policy
// with little caution, no weight on Overwatch, and a Blaze Away charged
// three times the plain shot its reload costs (blazeCost). Against such
// a player (the greedy bot of issue 22) it gives the same kind of command
// 70.2% of the time where the steady policy gives it 48.2%, yet hard
// with it played worse against him (README, "Blaze Away as the enemy
// does, and replies in his style").
var plainShooter = personality{name: "plain shooter", caution: 0.3, offense: 1, dynamite: 1, watch: 0, reload: 1}

const plainShooterBlazeCost = 3

// styleSalt parts the draw of a playout's enemy style from its dice.
const styleSalt = 0x5354594c45

// The narrow field is the field hard searched before 2026-11-29: the
// planner's five best within a point of its best, with one margin. Its
// challengers are few and close to the planner's choice, so the search
// overrules the planner less often; against the greedy bot it scored
// 80.8% where the wider field scored 77.8% on the same 600 matches
// (README: "Eight candidates with a sliding margin").
const (
	narrowCands  = 5
	narrowWithin = 1.0
)

// field is the search's field for side in m: how many of the planner's
// best it plays on, how far below its best they may be scored, and the
// slope of the margin. An enemy who plays unlike the playout policy
// (foresight) gets the narrow field: what the playouts say of a command
// rests on how they foresee his replies. Blaze Away tells a style apart
// soonest: it is half of the policy's shooting rolls, so a few plain
// shots say much, where an Overwatch is one activation in five.
func (b searchBudget) field(m *game.Match, side int) (cands int, within, slope float64) {
	if b.foresight > 0 && blazeHabit(m, side) < b.foresight {
		return narrowCands, narrowWithin, 0
	}
	return b.cands, b.within, b.slope
}

// watchHabit is how often the enemies of side have gone on Overwatch in
// the match so far, against how often the playout policy does (about one
// activation in five, as normal does), at most 1 (enemyHabit). An
// opponent who never watches comes to 0.33 after 40 activations; in a
// playout, each Overwatch the policy gives an enemy is kept with that
// chance, else he ends his activation.
func watchHabit(m *game.Match, side int) float64 {
	return enemyHabit(m, side, 0.2, func(h game.Habit) (did, chances int) { return h.Overwatches, h.Activations })
}

// blazeHabit is as watchHabit for Blaze Away: the share of the enemies'
// own shooting rolls that Blazed Away in the match so far, against the
// playout policy's (a little over half, as normal's: README, "Blaze Away
// as the enemy does, and replies in his style"). An opponent who never
// Blazes Away comes to a third after 40 plain shots.
func blazeHabit(m *game.Match, side int) float64 {
	return enemyHabit(m, side, 0.55, func(h game.Habit) (did, chances int) { return h.Blazes, h.Shots + h.Blazes })
}

// enemyHabit is how often the enemies of side have done a thing in the
// match so far (count: the times they did it, and the chances they had)
// against the playout policy's rate, at most 1: their count with 20
// chances at the policy's own rate added, so that it starts at 1 and
// moves only as the match shows otherwise.
func enemyHabit(m *game.Match, side int, rate float64, count func(game.Habit) (did, chances int)) float64 {
	const prior = 20.0
	did, chances := 0.0, 0.0
	for p := range m.Posses {
		if p != side {
			d, c := count(m.Habits(p))
			did += float64(d)
			chances += float64(c)
		}
	}
	return min(1, (did+rate*prior)/(chances+prior)/rate)
}

// asHeWould is the command an enemy gives in a playout in place of the
// policy's cmd, given the shares of its Overwatches (watch) and Blazes
// Away (blaze) he would give himself and a uniform draw u: beyond his
// share, an Overwatch becomes the end of his activation, a Blaze Away a
// plain shot at the same target with the same gun (where the rules allow
// it).
func asHeWould(f *game.Match, cmd game.Command, watch, blaze, u float64) game.Command {
	switch {
	case cmd.Kind == game.CmdOverwatch && u >= watch:
		return game.Command{Kind: game.CmdEnd, Model: cmd.Model}
	case cmd.Kind == game.CmdBlaze && u >= blaze:
		shot := game.Command{Kind: game.CmdShoot, Model: cmd.Model, Target: cmd.Target, Slot: cmd.Slot}
		if f.Validate(shot) == nil {
			return shot
		}
	}
	return cmd
}

// positionKey sums up what a player sees of the table (never the dice),
// to seed a decision's playouts: the same position gives the same
// playouts on the match and on any fork of it.
func positionKey(m *game.Match) uint64 {
	h := game.Mix64(uint64(m.Turn)<<32 | uint64(m.AP)<<16 | uint64(m.Active+1))
	mix := func(x uint64) { h = game.Mix64(h ^ x) }
	for i := range m.Models {
		md := &m.Models[i]
		mix(math.Float64bits(md.Pos.X))
		mix(math.Float64bits(md.Pos.Y))
		flags := uint64(md.Health.Damage) << 8
		if md.Activated {
			flags |= 1
		}
		if md.Overwatch {
			flags |= 2
		}
		mix(flags)
	}
	if m.Pending != nil {
		mix(math.Float64bits(m.Pending.Progress) ^ uint64(m.Pending.Watcher))
	}
	return h
}

// decisionMemo remembers the playout players' decisions within one
// search. A playout player decides by the table alone (no noise, no
// look-ahead with dice of its own), so two forks of the match with the
// same table (game.Match.TableKey: everything but the dice) get the same
// decision from it: the playouts of a candidate share their first
// decisions until the dice part them. A search decides exactly as it
// would without it (TestHardDecisionHash). It lives for one search, whose
// forks all come from one match: the key leaves out what a match never
// changes (the map, the models' profiles, the rules edition).
type decisionMemo map[memoKey]memoDecision

type memoKey struct {
	table [32]byte
	who   *Player
}

// memoDecision is a decision's command (a playout needs no reasons).
type memoDecision struct {
	cmd game.Command
	ok  bool
}

// decide is the command of who's decision on f, remembered (a nil memo
// remembers nothing).
func (memo decisionMemo) decide(who *Player, f *game.Match) (game.Command, bool) {
	var table [32]byte
	keyed := false
	if memo != nil {
		table, keyed = f.TableKey()
	}
	if !keyed {
		d, ok := who.Decide(f)
		return d.Command, ok
	}
	k := memoKey{table, who}
	if r, seen := memo[k]; seen {
		return r.cmd, r.ok
	}
	d, ok := who.Decide(f)
	memo[k] = memoDecision{d.Command, ok}
	return d.Command, ok
}
