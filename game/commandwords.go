package game

// CommandWords says a command in a player's words, with the names of m's
// models and no coordinates ("Deputy Hale shoots Black Bart"): the replay
// viewer's line, the coach's plan and the review's swings.
func CommandWords(m *Match, c Command) string {
	name := func(id int) string {
		if id < 0 || id >= len(m.Models) {
			return "someone"
		}
		return m.Models[id].Name
	}
	who := name(c.Model)
	switch c.Kind {
	case CmdActivate:
		return who + " activates"
	case CmdMove:
		return who + " moves"
	case CmdRun:
		return who + " runs"
	case CmdRunTo:
		return who + " runs on"
	case CmdFace:
		return who + " turns"
	case CmdShoot:
		s := who + " shoots " + name(c.Target)
		for _, e := range c.Extra {
			s += " and " + name(e)
		}
		return s
	case CmdAim:
		return who + " aims at " + name(c.Target)
	case CmdBlaze:
		return who + " blazes away at " + name(c.Target)
	case CmdOverwatch:
		return who + " goes on Overwatch"
	case CmdThrow:
		return who + " throws dynamite"
	case CmdReload:
		return who + " reloads"
	case CmdBrawl:
		return who + " brawls"
	case CmdInteract:
		if c.Objective != "" {
			return who + " tries to pick up " + c.Objective
		}
		if c.Open {
			return who + " opens a door"
		}
		return who + " closes a door"
	case CmdEnd:
		return who + " ends the activation"
	case CmdFire:
		return who + " fires from Overwatch"
	case CmdHold:
		return who + " holds fire"
	case CmdActNow:
		return who + "'s card acts now"
	case CmdWait:
		return who + "'s card waits"
	case CmdRefocus:
		return who + " refocuses"
	case CmdRestack:
		return "A lost turn spent restacking"
	case CmdDefend:
		if c.Luck {
			return who + " spends Luck on his brawl roll"
		}
		return who + " keeps his Luck"
	}
	return who + ": " + string(c.Kind)
}
