package scene

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game/store"
)

// Settings are the player's preferences, kept in the user's config folder
// (settings.json beside the autosave's folder) and changed in the Esc
// menu.
type Settings struct {
	UIScale   float64        `json:"ui_scale"`   // 0.75 to 1.5, times the screen's own scale
	AnimSpeed float64        `json:"anim_speed"` // 0.5 (slow) to 3 (fast): walking, dice
	Volume    float64        `json:"volume"`     // 0 to 1
	Mute      bool           `json:"mute"`
	Keys      map[string]int `json:"keys,omitempty"` // rebound keys: intent name -> ebiten.Key
}

// DefaultSettings are the settings of a first start.
func DefaultSettings() Settings { return Settings{UIScale: 1, AnimSpeed: 1, Volume: 0.7} }

// Bindings maps the rebindable intents to keys.
type Bindings [numKeys]ebiten.Key

// bindings are the keys in force: the defaults with the player's changes.
func (s *Settings) bindings() Bindings {
	var b Bindings
	for _, k := range bindable {
		b[k.key] = k.def
		if v, ok := s.Keys[k.name]; ok {
			b[k.key] = ebiten.Key(v)
		}
	}
	return b
}

// bind moves an intent to a key; an intent that had that key gets this
// intent's old key (a swap), so no key does two things.
func (s *Settings) bind(k Key, to ebiten.Key) {
	b := s.bindings()
	old := b[k]
	if s.Keys == nil {
		s.Keys = map[string]int{}
	}
	for _, e := range bindable {
		switch {
		case e.key == k:
			s.Keys[e.name] = int(to)
		case b[e.key] == to:
			s.Keys[e.name] = int(old)
		}
	}
}

// keyName is a key as the player reads it ("M", "Space").
func keyName(k ebiten.Key) string {
	return strings.TrimPrefix(k.String(), "Key")
}

// clamp keeps the settings in their ranges (a hand-edited file).
func (s *Settings) clamp() {
	s.UIScale = min(max(s.UIScale, 0.75), 1.5)
	s.AnimSpeed = min(max(s.AnimSpeed, 0.5), 3)
	s.Volume = min(max(s.Volume, 0), 1)
}

// LoadSettings reads the settings file; a missing file gives the defaults.
// A file that cannot be read gives the defaults and an error naming it.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	if path == "" {
		return s, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		return DefaultSettings(), fmt.Errorf("%s: %v (the defaults are used)", path, err)
	}
	s.clamp()
	return s, nil
}

// Save writes the settings file (atomically: a crash leaves the old one).
func (s *Settings) Save(path string) error {
	if path == "" {
		return nil
	}
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return store.WriteFileAtomic(path, data)
}

// SettingsPath is where the settings live: the user's config folder.
func SettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cowpoke", "settings.json"), nil
}
