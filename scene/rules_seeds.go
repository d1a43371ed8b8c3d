package scene

// seedRulesInPlainWords is the menu's rules reference for the seeds'
// optional initiative modules, as they play under rules edition 3
// (R35-R53): short plain sentences, "#" starts a heading, no rule numbers.
var seedRulesInPlainWords = []string{
	"#Card stacks (optional initiative)",
	"Each model holds cards by tier: a Greenhorn 1, a Cowpoke 2, a Legend 3, highest on top.",
	"The highest top card acts first (Ace high; Spades, Hearts, Diamonds, Clubs break ties;",
	"a full tie is a coin flip). Aiming turns the top card face down under the stack.",
	"A model with no face-up card acts after every card (among several, a coin flip each time):",
	"its turn is lost, though its Overwatch drops and its dynamite goes off; it only restacks.",
	"Refocus (1 action) restacks the cards high to low; not when they are already in order.",
	"#Character deck (optional initiative)",
	"One card a model, in its side's suit, and two jokers. The red joker reshuffles, the black",
	"discards the next card. Of the card drawn and the one waiting, the higher chooses to act",
	"now or wait. Aces act twice; the second time is a new turn for moving and dynamite.",
	"#Token stack (optional initiative)",
	"Two tokens a model, and an End of Round token. The computer's side puts in one a Greenhorn,",
	"two a Cowpoke, three a Legend, shared (at most twice yours with the limit). A model's",
	"token activates it, again if drawn again; a shared token lets its side pick any model.",
	"#Round effects (optional, with cards)",
	"Each round a card gives each suit an effect. Up or Down: one die more, then the lowest",
	"or the highest set aside (a single die: the higher or lower of two). Fatigued: a die less",
	"a level, up to two, until Inspiration. Flurry: one action more; Setback: one fewer;",
	"Confused (your models): a die, 1-3 loses an action. These three touch only a model's first",
	"activation of the round, and Flurry never lets a model Run after it shot, aimed or brawled.",
	"Stymied: a die less on the first roll of the next action; it lapses at the round's end.",
	"Breaks (the computer's Greenhorns): with their Legend near, a die less; without, they must",
	"wound an enemy this round (parting shots and their own dynamite count, friends do not) or",
	"flee; one held in base contact stays, a die less until it leaves contact.",
	"The approved action's first success of the round wins a Luck token: Attack, a wound on an",
	"enemy; Maneuver, a Run walked to its end or a brawl left alive; Interact, a door worked.",
	"Luck: one die more on one shooting or brawl roll of yours, chosen before it is rolled",
	"(the game asks, a defender and an overwatcher too); one token a roll; never on parting",
	"shots, blasts or Runs. Tokens keep. The odds shown count every effect on the roll.",
}
