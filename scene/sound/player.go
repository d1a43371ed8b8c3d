package sound

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"

	"github.com/ebitengine/oto/v3"
)

// Player plays the table's sounds on the audio device. A nil *Player, or
// one whose device could not be opened, plays nothing: the program runs
// the same without sound (no device under Xvfb or in CI, tests).
type Player struct {
	mu      sync.Mutex
	ctx     *oto.Context // nil until the device is ready, and for ever if it failed
	pcm     [numKinds][]byte
	playing []*oto.Player // kept reachable while they sound (oto closes unreachable ones)
	volume  float64       // 0..1, already 0 when muted
	silent  string        // why there is no sound, in words; "" while there may be
}

// Open synthesises every sound and opens the audio device in the
// background (PulseAudio, else ALSA's libasound, both loaded at run
// time). When there is no device it writes one line on warn and the
// Player stays silent. Open may be called once per process (oto allows
// one context).
func Open(warn io.Writer) *Player {
	p := &Player{volume: 0.7}
	if why := noDevice(); why != "" {
		fmt.Fprintf(warn, "cowpoke: playing without sound: %s\n", why)
		p.silent = why
		return p
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: SampleRate, ChannelCount: 1,
		Format: oto.FormatFloat32LE, ApplicationName: "cowpoke"})
	if err != nil {
		fmt.Fprintf(warn, "cowpoke: playing without sound: %v\n", err)
		p.silent = "the audio device could not be opened"
		return p
	}
	// The sounds are made while the device opens, off the window's thread.
	go func() {
		var pcm [numKinds][]byte
		for _, k := range Kinds() {
			pcm[k] = pcmBytes(Synthesize(k))
		}
		<-ready
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(warn, "cowpoke: playing without sound: %v\n", err)
			p.mu.Lock()
			p.silent = "the audio device could not be opened"
			p.mu.Unlock()
			return
		}
		p.mu.Lock()
		p.pcm, p.ctx = pcm, ctx
		p.mu.Unlock()
	}()
	return p
}

// noDevice says why no audio device can be there, or "" when one may be:
// a PulseAudio (or PipeWire) server's socket, an ALSA sound card, or an
// ALSA configuration of the user's own. Without any, opening the device
// would only fill stderr with libasound's complaints.
func noDevice() string {
	if os.Getenv("PULSE_SERVER") != "" || os.Getenv("ALSA_CONFIG_PATH") != "" {
		return ""
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "pulse", "native")); err == nil {
			return ""
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		if _, err := os.Stat(filepath.Join(home, ".asoundrc")); err == nil {
			return ""
		}
	}
	if cards, _ := filepath.Glob("/dev/snd/pcmC*p"); len(cards) > 0 {
		return ""
	}
	return "no audio device (no PulseAudio server, no sound card in /dev/snd)"
}

// pcmBytes is samples as the device takes them: 32-bit floats, little-endian.
func pcmBytes(s []float32) []byte {
	b := make([]byte, 4*len(s))
	for i, v := range s {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// Silent says why nothing can be heard, for a screen that offers the sound
// settings: no audio device, or one that would not open; "" when sound
// plays (or the device is still opening). A nil Player (the tests) has
// nothing to say.
func (p *Player) Silent() string {
	if p == nil {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.silent
}

// SetVolume sets the volume of the sounds to come and of those playing:
// 0 (or mute) is silent, 1 is full.
func (p *Player) SetVolume(volume float64, mute bool) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.volume = min(max(volume, 0), 1)
	if mute {
		p.volume = 0
	}
	for _, pl := range p.playing {
		pl.SetVolume(p.volume)
	}
}

// Play starts a sound; sounds overlap. It does nothing without a device
// or at volume 0.
func (p *Player) Play(k Kind) {
	if p == nil || k <= Silence || k >= numKinds {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx == nil || p.volume == 0 {
		return
	}
	kept := p.playing[:0]
	for _, pl := range p.playing {
		if pl.IsPlaying() {
			kept = append(kept, pl)
		} else {
			pl.Close()
		}
	}
	clear(p.playing[len(kept):])
	p.playing = kept
	if len(p.playing) >= 16 {
		return // a flood of sounds (a chain of blasts): the first ones carry it
	}
	pl := p.ctx.NewPlayer(bytes.NewReader(p.pcm[k]))
	pl.SetVolume(p.volume)
	pl.Play()
	p.playing = append(p.playing, pl)
}
