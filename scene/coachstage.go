package scene

import (
	"errors"

	"cowpoke/game"
)

// The screenshot stages of the win bar, the coach and the review
// (-screenshot FILE -stage winbar|coach|review). Each waits for its
// analyst's answer while staging, before the first frame, so the picture
// shows the answer and not "Thinking".

// stageWinBar is a solo match in its middle: the match `cowpoke sim`
// plays with the normal computer on both sides (replaystage.go), the
// second posse played by the computer, taken at the first position past
// half way where the person chooses who acts; the bar is on (solo).
func stageWinBar(a *App) (*battle, error) {
	path, cleanup, err := stageSimMatch(a, "cowpoke-stage-winbar")
	if err != nil {
		return nil, err
	}
	defer cleanup()
	full, err := game.LoadFile(path)
	if err != nil {
		return nil, err
	}
	tape, err := game.NewTape(full)
	if err != nil {
		return nil, err
	}
	for i := tape.Len() / 2; i < tape.Len(); i++ {
		m := tape.At(i)
		if m.Over || m.Decider() != 0 || m.Active >= 0 || m.Pending != nil {
			continue
		}
		m.Scenario.Posses[1].Computer = "normal"
		b := newBattle(a, m)
		b.shownTo = 0
		b.updateWinBar(a)
		w := &b.win
		ans := <-w.answers
		w.answers <- ans
		return b, nil
	}
	return nil, errors.New("no position past half way where the first posse chooses who acts")
}

// stageCoach is the default match with the second side's model about to
// move (the move stage): the move under the cursor is the person's plan,
// and the coach has answered.
func stageCoach(a *App) (*battle, error) {
	b, err := newDefaultBattle(a)
	if err != nil {
		return nil, err
	}
	b.stageScreenshot()
	b.fit(a)
	b.t.SetHover(*b.stage, true)
	b.askCoach(a)
	c := &b.coach
	ans := <-c.answers
	c.busy = false
	c.show(a, b, &ans)
	return b, nil
}

// stageReview is the review of the replay stage's match, opened from the
// replay viewer, once worked out: with half the window's time a position
// (reviewPerPosition), so that it finishes sooner on a busy machine.
func stageReview(a *App) (*reviewScreen, error) {
	w, err := stageReplay(a)
	if err != nil {
		return nil, err
	}
	s := newReview(a, w.r.Tape.Match(), w.name, w, w, reviewPerPosition/2)
	res := <-s.result
	s.result <- res
	return s, nil
}
