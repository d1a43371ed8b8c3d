package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMapCommand(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.tmx")
	os.WriteFile(bad, []byte(`<map orientation="orthogonal" width="36" height="36" tilewidth="20" tileheight="20"><properties><property name="name" value="x"/></properties><objectgroup name="walls"><object id="41" name="saloon door" type="door" x="100" y="100"><polyline points="0,0 40,0"/></object></objectgroup></map>`), 0o644)
	tests := []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{}, exitUsage, "", "usage"},
		{[]string{"check", "town.tmx"}, exitOK, `"Dry Gulch", table 36" x 36"`, ""},
		{[]string{"check", "../../maps/town.tmx"}, exitOK, "buildings: Bank, General Store", ""},
		{[]string{"check", bad}, exitError, "", `object 41 "saloon door": door does not lie on a wall or fence`},
		{[]string{"check", "nope.tmx"}, exitError, "", "nope.tmx"},
		{[]string{"los", "town.tmx", "--from", "18,1.5", "--to", "18,34"}, exitOK, "line of sight: yes", ""},
		{[]string{"los", "town.tmx", "--from", "x", "--to", "18,34"}, exitUsage, "", "--from"},
		{[]string{"los", "town.tmx", "--from", "99,1", "--to", "18,34"}, exitUsage, "", "off the"},
		{[]string{"frob"}, exitUsage, "", "unknown command"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := runMap(tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) {
			t.Errorf("map %v = %d\nstdout: %s\nstderr: %s", tc.args, code, out.String(), errb.String())
		}
	}
}

func TestMapLoSJSON(t *testing.T) {
	tests := []struct {
		from, to string
		want     mapLoSJSON
	}{
		// Down the whole main street past the stone well: stone cover, extreme range.
		{"18,1.5", "18,34", mapLoSJSON{true, "stone", 31.5, "extreme"}},
		// Open street, short range.
		{"16,22", "16,26", mapLoSJSON{true, "none", 3, "short"}},
		// Through the saloon's stone walls: no line of sight.
		{"2,7", "14,4", mapLoSJSON{false, "stone", 11.37, "medium"}},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if code := runMap([]string{"los", "town.tmx", "--from", tc.from, "--to", tc.to, "--json"}, &out, &errb); code != exitOK {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		var got mapLoSJSON
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("los %s -> %s = %+v, want %+v", tc.from, tc.to, got, tc.want)
		}
	}
}
