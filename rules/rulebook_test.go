package rules

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The weapon chart and the wound chart are checked against the rulebook's
// own text (shared/seeds beside the repository), so a typo in the data
// cannot hide behind a typo in a test.

const rulebookPath = "../../shared/seeds/001_ac2edc15f945805f.txt"

func readRulebook(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(rulebookPath))
	if err != nil {
		t.Skipf("rulebook not beside the repository (%v); the literal checks still run", err)
	}
	return string(b)
}

// rulebookTableRows returns the tab-separated rows that start with one of
// the given first cells, in order of appearance.
func rulebookTableRows(text string, first func(string) bool) [][]string {
	var rows [][]string
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if len(cells) >= 5 && first(cells[0]) {
			rows = append(rows, cells)
		}
	}
	return rows
}

func TestWeaponChartMatchesRulebook(t *testing.T) {
	text := readRulebook(t)
	rows := rulebookTableRows(text, func(c string) bool {
		_, err := ParseWeapon(c)
		return err == nil
	})
	if len(rows) != 8 {
		t.Fatalf("found %d weapon chart rows in the rulebook, want 8", len(rows))
	}
	for _, row := range rows {
		w, _ := ParseWeapon(row[0])
		for b := PointBlank; b <= Extreme; b++ {
			cell := strings.TrimSpace(row[1+int(b)])
			want := NoShot
			if cell != "-" {
				n, err := strconv.Atoi(cell)
				if err != nil {
					t.Fatalf("%s %s: rulebook cell %q", w, b, cell)
				}
				want = n
			}
			if got := BaseDice(w, b); got != want {
				t.Errorf("%s at %s: chart says %d, rulebook says %q", w, b, got, cell)
			}
		}
	}
}

func TestWoundChartMatchesRulebookTwice(t *testing.T) {
	text := readRulebook(t)
	rows := rulebookTableRows(text, func(c string) bool {
		return len(c) > 2 && c[0] >= '1' && c[0] <= '6' && c[1] == ':'
	})
	// The chart is printed in 6.4 and again in 8.3; both must agree with the code.
	if len(rows) != 12 {
		t.Fatalf("found %d wound chart rows, want 12 (two printings of 6)", len(rows))
	}
	sevCols := [][]int{{1, 2}, {3, 4}, {5}, {6}}
	for _, row := range rows {
		loc := int(row[0][0] - '0')
		for col, sevs := range sevCols {
			fields := strings.Fields(row[1+col])
			want, err := strconv.Atoi(fields[0])
			if err != nil {
				t.Fatalf("row %q: cell %q", row[0], row[1+col])
			}
			for _, sev := range sevs {
				if got := WoundDamage(loc, sev); got != want {
					t.Errorf("location %d severity %d: chart %d, rulebook %d", loc, sev, got, want)
				}
			}
		}
	}
}

// Literal spot checks that run even without the rulebook beside the repo:
// "0" and "-" are different things (R14).
func TestChartZeroIsNotDash(t *testing.T) {
	if got := BaseDice(Revolver, Long); got != 0 {
		t.Errorf("Revolver at Long = %d, want 0", got)
	}
	if got := BaseDice(Revolver, Extreme); got != NoShot {
		t.Errorf("Revolver at Extreme = %d, want NoShot", got)
	}
	if got := BaseDice(GatlingGun, PointBlank); got != NoShot {
		t.Errorf("Gatling Gun at Point Blank = %d, want NoShot", got)
	}
	if got := BaseDice(LeverAction, Extreme); got != 0 {
		t.Errorf("Lever-Action at Extreme = %d, want 0", got)
	}
	if got := WoundDamage(3, 6); got != 4 {
		t.Errorf("Gut, severity 6 = %d, want 4 (Lethal Blow)", got)
	}
	if got := WoundDamage(4, 6); got != 2 {
		t.Errorf("Arms, severity 6 = %d, want 2", got)
	}
}
