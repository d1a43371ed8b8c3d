package sound

import (
	"math"
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// loudness is a buffer's peak and RMS over its loud part (down to -40 dB of
// the peak), and that part's length in seconds.
func loudness(s []float32) (peak, rms, seconds float64) {
	for _, v := range s {
		peak = math.Max(peak, math.Abs(float64(v)))
	}
	last := 0
	var sum float64
	for i, v := range s {
		if math.Abs(float64(v)) > peak/100 {
			last = i
		}
		sum += float64(v) * float64(v)
	}
	if last == 0 {
		return peak, 0, 0
	}
	return peak, math.Sqrt(sum / float64(last+1)), float64(last+1) / SampleRate
}

// brightness is the share of the signal's energy above about 1.5 kHz (the
// energy of the first difference against the signal's: a crack is bright,
// a boom dark).
func brightness(s []float32) float64 {
	var all, diff float64
	for i := 1; i < len(s); i++ {
		all += float64(s[i]) * float64(s[i])
		d := float64(s[i] - s[i-1])
		diff += d * d
	}
	return diff / (all + 1e-12)
}

// Every sound is audible and none clips: a peak under full scale, with
// the headroom that keeps two of them mixed from clipping too, and an RMS
// that is not a whisper.
func TestEverySoundAudibleAndUnclipped(t *testing.T) {
	for _, k := range Kinds() {
		s := Synthesize(k)
		pk, rms, secs := loudness(s)
		t.Logf("%-12s %5.2f s  peak %.2f  rms %.3f  brightness %.3f", k, secs, pk, rms, brightness(s))
		if pk > 0.75 {
			t.Errorf("%s peaks at %.2f: clipping when mixed (want <= 0.75)", k, pk)
		}
		if rms < 0.02 || secs < 0.05 {
			t.Errorf("%s is nearly silent: rms %.3f over %.2f s", k, rms, secs)
		}
		for i, v := range s {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Fatalf("%s: sample %d is %v", k, i, v)
			}
		}
		if b := pcmBytes(s); len(b) != 4*len(s) {
			t.Errorf("%s: %d bytes for %d samples", k, len(b), len(s))
		}
	}
}

// The same kind always sounds the same (no global random state).
func TestSynthesizeIsReproducible(t *testing.T) {
	a, b := Synthesize(ShotRevolver), Synthesize(ShotRevolver)
	if len(a) != len(b) {
		t.Fatal("lengths differ")
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("sample %d differs", i)
		}
	}
}

// Each weapon's report differs from every other's in length, loudness or
// brightness by a margin an ear hears (15% in one of them at least).
func TestWeaponsSoundDifferent(t *testing.T) {
	firearms := []rules.Weapon{rules.Derringer, rules.Revolver, rules.LeverAction, rules.Shotgun,
		rules.SingleShotRifle, rules.GatlingGun, rules.Bow}
	type feat struct{ secs, rms, bright float64 }
	feats := map[Kind]feat{}
	kinds := append([]Kind(nil), Volley)
	for _, w := range firearms {
		kinds = append(kinds, ShotKind(w, false))
	}
	for _, k := range kinds {
		if k == Silence {
			t.Fatalf("a firearm has no report: %v", kinds)
		}
		_, rms, secs := loudness(Synthesize(k))
		feats[k] = feat{secs, rms, brightness(Synthesize(k))}
	}
	differ := func(a, b float64) bool { return math.Abs(a-b) > 0.15*math.Max(a, b) }
	for i, a := range kinds {
		for _, b := range kinds[i+1:] {
			if a == b {
				t.Errorf("two weapons share the report %s", a)
				continue
			}
			fa, fb := feats[a], feats[b]
			if !differ(fa.secs, fb.secs) && !differ(fa.rms, fb.rms) && !differ(fa.bright, fb.bright) {
				t.Errorf("%s and %s sound alike: %+v vs %+v", a, b, fa, fb)
			}
		}
	}
	if ShotKind(rules.Revolver, true) != Volley || ShotKind(rules.LeverAction, true) != Volley {
		t.Error("a Blaze Away is the volley")
	}
	if ShotKind(rules.Knife, false) != Silence || ShotKind(rules.Dynamite, false) != Silence {
		t.Error("a blade or a stick of dynamite is no gunshot")
	}
}

// A nil or deviceless Player is silent and safe to use (the tests, Xvfb).
func TestPlayerWithoutDevice(t *testing.T) {
	var p *Player
	p.SetVolume(1, false)
	p.Play(ShotRevolver)
	q := &Player{volume: 1}
	q.Play(Explosion)
	q.SetVolume(0.5, true)
	if q.volume != 0 {
		t.Error("mute must set the volume to 0")
	}
}

// The events of real commands on the showcase (the engine's own text and
// pools) cue the sounds the table should make: Hale's shot with each
// firearm that reaches Bart, a Blaze Away, the brawl at the saloon door,
// Miller's throw and its explosion at his next activation, wounds and
// removals.
func TestRealEventsCueTheirSounds(t *testing.T) {
	s, err := game.ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	newMatch := func() *game.Match {
		m, err := game.NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m0 := newMatch()
	id := func(name string) int {
		for i := range m0.Models {
			if m0.Models[i].Name == name {
				return i
			}
		}
		t.Fatalf("no %s in the showcase", name)
		return -1
	}
	hale, bart, miller, tex, knuckles := id("Deputy Hale"), id("Black Bart"), id("Sheriff Miller"), id("Ranger Tex"), id(`"Knuckles" McGinty`)
	apply := func(m *game.Match, c game.Command) []game.Event {
		t.Helper()
		evs, err := m.Apply(c)
		if err != nil {
			t.Fatalf("%s by %s: %v", c.Kind, m.Models[c.Model].Name, err)
		}
		return evs
	}
	has := func(cues []Cue, k Kind) bool {
		for _, c := range cues {
			if c.Kind == k {
				return true
			}
		}
		return false
	}
	heard := map[Kind]bool{}
	// listen cues a command's events and checks the wounds and removals.
	listen := func(m *game.Match, evs []game.Event) []Cue {
		cues := ForEvents(m, evs)
		for _, c := range cues {
			heard[c.Kind] = true
		}
		for _, e := range evs {
			if e.Kind == game.EvWound && !has(cues, Hit) {
				t.Errorf("a wound without the hit: %v", cues)
			}
			if e.Kind == game.EvRemoved && !has(cues, Fall) {
				t.Errorf("a removal without the fall: %v", cues)
			}
		}
		return cues
	}

	// Hale's shot at Bart with each firearm in turn (the profile's weapon
	// swapped before the match starts).
	shots := 0
	for _, w := range []rules.Weapon{rules.Derringer, rules.Revolver, rules.LeverAction, rules.Shotgun,
		rules.SingleShotRifle, rules.GatlingGun, rules.Bow} {
		m := newMatch()
		m.Models[hale].Profile.Weapons = []rules.Weapon{w}
		if m.Up.Posse != m.Models[hale].Posse {
			t.Skip("the showcase does not start with the Lawmen")
		}
		if p, err := m.ShotPreview(hale, 0, bart, false); err != nil || p.Impossible {
			t.Logf("%s cannot reach Bart from Hale's spot", w)
			continue
		}
		apply(m, game.Command{Kind: game.CmdActivate, Model: hale})
		cues := listen(m, apply(m, game.Command{Kind: game.CmdShoot, Model: hale, Target: bart}))
		if !has(cues, ShotKind(w, false)) || !has(cues, Dice) {
			t.Errorf("Hale's %s shot cues %v, want its report %s and the dice", w, cues, ShotKind(w, false))
		}
		shots++
		if w == rules.Revolver || w == rules.LeverAction {
			m := newMatch()
			m.Models[hale].Profile.Weapons = []rules.Weapon{w}
			apply(m, game.Command{Kind: game.CmdActivate, Model: hale})
			cues := listen(m, apply(m, game.Command{Kind: game.CmdBlaze, Model: hale, Target: bart}))
			if !has(cues, Volley) || has(cues, ShotKind(w, false)) {
				t.Errorf("a Blaze Away with the %s cues %v, want the volley alone", w, cues)
			}
		}
	}
	if shots < 5 {
		t.Errorf("only %d firearms could shoot from Hale's spot", shots)
	}

	// The brawl at the saloon door and Miller's stick.
	m := newMatch()
	apply(m, game.Command{Kind: game.CmdActivate, Model: tex})
	listen(m, apply(m, game.Command{Kind: game.CmdBrawl, Model: tex, Order: []int{knuckles}}))
	if !heard[Dice] {
		t.Error("a brawl rolls dice")
	}

	// Miller's throw behind the wagon lights a fuse; everyone else ends at
	// once until his next activation sets the stick off.
	m = newMatch()
	apply(m, game.Command{Kind: game.CmdActivate, Model: miller})
	spot := game.Point{X: 20, Y: 18.8}
	listen(m, apply(m, game.Command{Kind: game.CmdThrow, Model: miller, To: &spot}))
	if !heard[Fuse] {
		t.Error("a throw lights a fuse")
	}
	for step := 0; step < 200 && !heard[Explosion]; step++ {
		var c game.Command
		switch {
		case m.Over:
			t.Fatal("the match ended before the stick went off")
		case m.Pending != nil:
			c = game.Command{Kind: game.CmdHold, Model: m.Pending.Watcher}
		case m.Active >= 0:
			c = game.Command{Kind: game.CmdEnd, Model: m.Active}
		default:
			c = game.Command{Kind: game.CmdActivate, Model: -1}
			for i := range m.Models {
				try := game.Command{Kind: game.CmdActivate, Model: i}
				if m.Validate(try) == nil && (c.Model < 0 || i == miller) {
					c = try
				}
			}
			if c.Model < 0 {
				t.Fatalf("nobody can activate: %s", m.Whys())
			}
		}
		listen(m, apply(m, c))
	}
	// Gatling bursts at Bart on other dice until one takes him out.
	for seed = 2; seed < 60 && !heard[Fall]; seed++ {
		m := newMatch()
		m.Models[hale].Profile.Weapons = []rules.Weapon{rules.GatlingGun}
		if m.Up.Posse != m.Models[hale].Posse {
			continue
		}
		apply(m, game.Command{Kind: game.CmdActivate, Model: hale})
		listen(m, apply(m, game.Command{Kind: game.CmdShoot, Model: hale, Target: bart}))
	}
	for _, k := range []Kind{Volley, Dice, Fuse, Explosion, Hit, Fall} {
		if !heard[k] {
			t.Errorf("no command cued %s", k)
		}
	}
	// Whatever was cued is a real, audible sound.
	for k := range heard {
		if _, rms, _ := loudness(Synthesize(k)); rms < 0.02 {
			t.Errorf("%s was cued but is silent", k)
		}
	}
}
