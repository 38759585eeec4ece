//! The words of play: the status line, the points' names, what a move did,
//! the computer's line, play by link and why a choice is refused.

use crate::lang::T;

/// A point with nothing on it.
pub const EMPTY: T = t!["empty"];
/// A point's label: the piece on it is chosen.
pub const SELECTED: T = t![", selected"];
/// A point's label: it is on the capture path entered so far.
pub const ON_PATH: T = t![", on the path"];
/// A point's label: the chosen piece may go there.
pub const MOVE_HERE: T = t![", move here"];
/// A point's label: its piece may move.
pub const CAN_MOVE: T = t![", can move"];
/// A point's label: a defender may be placed there.
pub const PLACE_HERE: T = t![", place {one_d} here"];

/// The legend of the board's dashed lines, where the rules forbid them.
pub const LEGEND: T = t!["Dashed lines: {a} may not step along them."];

/// Threats: the defender on `{0}` can take the attackers `{1}`.
pub const THREAT: T = t!["{The_d1} on {0} can take {1}."];
/// Threats: an attacker playing one of the steps `{0}` would be taken.
pub const UNSAFE: T = t!["{One_a} stepping {0} would be taken."];
/// Threats: none.
pub const NO_THREAT: T = t!["No {a1} can be taken now."];

/// A hint and why it is good (`{1}`, one of the `WHY_` clauses).
pub const HINT_WHY: T = t!["Hint: {0}: {1}."];
/// Why: the search saw a forced win `{0}` moves away.
pub const WHY_WINS: T = t!["it wins by force: the search sees the end in {0} moves"];
/// Why: it takes one attacker.
pub const WHY_TAKES_ONE: T = t!["it takes {one_a}"];
/// Why: it takes `{0}` attackers.
pub const WHY_TAKES: T = t!["it takes {0} {a}"];
/// Why: it fills the fortress.
pub const WHY_FILLS: T = t!["it fills the fortress"];
/// Why: no attacker can be taken after it.
pub const WHY_KEEPS: T = t!["it leaves {the_d} nothing to take"];
/// Why: the defenders' moves fall from `{0}` to `{1}`.
pub const WHY_BLOCKS: T = t!["it hems {the_d} in: their moves fall from {0} to {1}"];
/// Why: an attacker enters the fortress.
pub const WHY_ENTERS: T = t!["it enters the fortress"];
/// Perfect play: the attackers win the position shown.
pub const PERFECT_ATTACKERS_WIN: T = t!["Solved: {the_a} win from here."];
/// Perfect play: the defenders win the position shown.
pub const PERFECT_DEFENDERS_WIN: T = t!["Solved: {the_d} win from here."];
/// Perfect play: the moves `{0}` win.
pub const PERFECT_WINNING: T = t!["Winning moves: {0}."];
/// Perfect play: `{0}` winning moves more than those named.
pub const PERFECT_MORE: T = t!["{0} more"];
/// Perfect play: the side to move loses whatever it plays.
pub const PERFECT_ALL_LOSE: T = t!["Every move loses."];
/// Perfect play: the position is being looked up in the pack.
pub const PERFECT_LOOKING: T = t!["Perfect play: looking this position up…"];
/// Perfect play: the pack holds `{0}` to `{1}` attackers, not this position.
pub const PERFECT_BEYOND: T =
    t!["Perfect play: this board's endgame tables hold positions of {0} to {1} {a}, not this one."];
/// Perfect play cannot be had: why `{0}` (the program's words, in English).
pub const PERFECT_UNAVAILABLE: T = t!["Perfect play is unavailable: {0}"];
/// Why: the endgame tables prove it wins.
pub const WHY_PROVED: T = t!["it wins with perfect play, as the endgame tables prove"];

/// A review's comment: the class `{0}` of a move, and the better `{1}`.
pub const REVIEW_BETTER: T = t!["{0}: {1} was better."];
/// A review's class: the search's own move.
pub const CLASS_BEST: T = t!["Best"];
/// A review's class: lost little.
pub const CLASS_GOOD: T = t!["Good"];
/// A review's class: `?!`.
pub const CLASS_INACCURACY: T = t!["Inaccuracy"];
/// A review's class: `?`.
pub const CLASS_MISTAKE: T = t!["Mistake"];
/// A review's class: `??`.
pub const CLASS_BLUNDER: T = t!["Blunder"];
/// A review under way: `{0}` of `{1}` positions judged.
pub const REVIEWING: T = t!["Reviewing: {0} of {1} positions"];
/// A review that is done: its counts of inaccuracies, mistakes, blunders.
pub const REVIEWED: T = t!["Reviewed: {0} inaccuracies, {1} mistakes, {2} blunders."];
/// A review asked for a game without moves.
pub const NOTHING_TO_REVIEW: T = t!["There is nothing to review: no move has been played."];
/// A review stopped: the computer could not go on.
pub const REVIEW_STOPPED: T = t!["The review stopped: the computer player could not go on."];

/// The review's table: after this move the attackers lead.
pub const TURN_ATTACKERS: T = t!["{The_a} are ahead"];
/// The review's table: after this move the defenders lead.
pub const TURN_DEFENDERS: T = t!["{The_d} are ahead"];
/// The graph's upper half.
pub const GRAPH_UP: T = t!["{A} ahead"];
/// The graph's lower half.
pub const GRAPH_DOWN: T = t!["{D} ahead"];
/// A turn on the graph's axis.
pub const GRAPH_TURN: T = t!["turn {0}"];
/// The review table's headings: the turn, the move, the judgement, the
/// better move.
pub const TABLE_TURN: T = t!["Turn"];
/// See [`TABLE_TURN`].
pub const TABLE_MOVE: T = t!["Move"];
/// See [`TABLE_TURN`].
pub const TABLE_CLASS: T = t!["Judged"];
/// See [`TABLE_TURN`].
pub const TABLE_BETTER: T = t!["Better"];

/// The move list: the button that makes a variation the main line there.
pub const PROMOTE: T = t!["Promote this variation"];
/// The move list: the button that deletes a variation.
pub const DELETE: T = t!["Delete this variation"];

/// The status line while stepping back through the game.
pub const MOVE_OF: T = t![" (move {0} of {1})"];
/// The status line: one defender to place.
pub const PLACE_ONE: T = t!["{D}: place 1 {d1} in the fortress"];
/// The status line: `{0}` defenders to place.
pub const PLACE_MANY: T = t!["{D}: place {0} {d} in the fortress"];
/// The status line in a chain that may stop.
pub const JUMP_OR_STOP: T = t!["{D}: jump again, or stop here"];
/// The status line in a chain that must go on.
pub const JUMP_AGAIN: T = t!["{D}: jump again"];
/// The status line: side `{s}` (played by `{0}`, if the computer) to move.
pub const TO_MOVE: T = t!["{S}{0} to move"];
/// The status line while a position is set up.
pub const SETUP_TO_MOVE: T = t!["Set-up position, {s} to move."];
/// Who plays a side, after its name in the status line.
pub const BY_COMPUTER: T = t![" (computer, {0})"];

/// The end: fewer than `{0}` attackers remain.
pub const WIN_REDUCED: T = t!["{D} win: fewer than {0} {a} remain."];
/// The end: the fortress is full.
pub const WIN_FILLED: T = t!["{A} win: they fill the fortress."];
/// The end: no defender is left.
pub const WIN_NONE_LEFT: T = t!["{A} win: no {d1} is left."];
/// The end: the defenders cannot move.
pub const WIN_TRAPPED: T = t!["{A} win: {the_d} are trapped and cannot move."];
/// The end: the attackers cannot move.
pub const WIN_STUCK: T = t!["{D} win: {the_a} cannot move."];
/// The end: a position seen three times.
pub const DRAW: T = t!["Draw: the same position has stood three times."];

/// The computer's line: its worker failed for reason `{0}`.
pub const COMPUTER_STOPPED: T =
    t!["The computer stopped ({0}); both sides are played at this screen."];
/// The computer's line while it looks for a hint.
pub const LOOKING: T = t!["Looking for a hint"];
/// The computer's line while it looks for its move.
pub const THINKING: T = t!["Thinking"];
/// The computer's line: `{0}` what it does, `{1}` how many moves (each
/// side's one move) it looks ahead, `{2}` its best move.
pub const PROGRESS: T = t!["{0}… looking {1} moves ahead, best so far {2}."];
/// The computer's line: the hint it found.
pub const HINT: T = t!["Hint: {0}."];
/// The computer's line while it is paused.
pub const PAUSED: T = t!["The computer is paused."];

/// After Share: the link is on the clipboard.
pub const COPIED: T = t!["Link copied: send it, and the game goes with it."];
/// After Share: the clipboard refused.
pub const NOT_COPIED: T = t!["The browser would not copy the link: copy the page address instead."];
/// Play by link: the reader plays side `{s}` now.
pub const YOUR_MOVE: T = t!["Your move as {the_s}: send the link back when you have played."];
/// Play by link: the reader has played.
pub const YOUR_REPLY: T = t!["Your reply is in the link: press Send and send it back."];
/// The invitation after *Play a friend*: this screen, or by link.
pub const FRIEND_HOW: T = t![
    "Two players at this screen; or play your move, then More, Send copies a link for a friend to answer."
];
/// After Send: the link for a friend's reply is copied.
pub const COPIED_FOR_REPLY: T =
    t!["Link copied: send it to your friend, who plays the next move and sends it back."];

/// The captured count, when any number of captures may be made.
pub const CAPTURED_OF: T = t!["{A} captured: {0} of {1}."];
/// The captured count, and how many more the defenders need.
pub const CAPTURED_NEED: T = t!["{A} captured: {0} of {1}; {the_d} win after {2} more."];
/// The last two items of a list.
pub const AND: T = t!["{0} and {1}"];
/// Choices, the last after "or".
pub const OR: T = t!["{0} or {1}"];
/// A move as it is announced: side `{s}` played `{0}`.
pub const SAID: T = t!["{S}: {0}."];
/// One attacker captured, on `{0}`.
pub const TOOK_ONE: T = t!["Captured 1 {a1} ({0})."];
/// `{0}` attackers captured, on `{1}`.
pub const TOOK_MANY: T = t!["Captured {0} {a} ({1})."];
/// A defender on `{0}` huffed for not capturing.
pub const HUFFED_ONE: T = t!["{The_d1} on {0} was removed (huffed) for failing to capture."];
/// Defenders on `{0}` huffed for not capturing.
pub const HUFFED_MANY: T = t!["{The_d} on {0} were removed (huffed) for failing to capture."];
/// A defender on `{0}` huffed for taking fewer than it could.
pub const HUFFED_ONE_FEWER: T =
    t!["{The_d1} on {0} was removed (huffed) for not taking as many {a} as it could."];
/// Defenders on `{0}` huffed for taking fewer than they could.
pub const HUFFED_MANY_FEWER: T =
    t!["{The_d} on {0} were removed (huffed) for not taking as many {a} as they could."];

/// Refused: one defender, on `{0}`, must jump.
pub const MUST_JUMP_ONE: T = t!["A capture is compulsory: {the_d1} on {0} must jump."];
/// Refused: one of the defenders on `{0}` must jump.
pub const MUST_JUMP_SOME: T = t!["A capture is compulsory: one of {the_d} on {0} must jump."];
/// Refused: the game has ended.
pub const GAME_OVER: T = t!["The game is over: undo or start a new game to play on."];
/// Refused: a defender placed outside the fortress.
pub const PLACE_INSIDE: T = t!["{D} are placed inside the fortress."];
/// Refused: a defender placed on `{0}`, which is taken.
pub const PLACE_TAKEN: T = t!["{0} is occupied: place {the_d1} on an empty fortress point."];
/// Refused: a piece of side `{s}`, not of the side to move.
pub const NOT_YOUR_TURN: T = t!["It is {the_s}' turn."];
/// Refused: the piece of side `{s}` on `{0}` has no move.
pub const CANNOT_MOVE: T = t!["{The_s1} on {0} cannot move."];
/// Refused: `{0}` holds a piece.
pub const TAKEN: T = t!["{0} is occupied."];
/// Refused: a chain goes on from `{0}` by a jump.
pub const JUMPS_ON: T = t!["{The_d1} jumps on from {0}: over {one_a} to the empty point beyond."];
/// Refused: an attacker's step from `{1}` to `{0}`, not its neighbour.
pub const NOT_NEXT: T = t!["{One_a} steps along a line to the next point; {0} is not next to {1}."];
/// Refused: a defender's move to `{0}`, too far.
pub const OUT_OF_REACH: T = t![
    "{0} is out of reach: {one_d} steps along a line to the next point, or jumps over {one_a} to the empty point beyond."
];
/// Refused: the piece of side `{s}` on `{0}` may not go to `{1}`.
pub const CANNOT_GO: T = t!["{The_s1} on {0} cannot go to {1}."];
/// Refused: a marked line.
pub const NO_MARKED: T = t!["In this game {a} may not move along the marked (dashed) lines."];
/// Refused: an attacker leaving the fortress.
pub const NO_LEAVING: T = t!["In this game {one_a} in the fortress may not leave it."];
/// Refused: an attacker's step not towards the fortress.
pub const MARCH_FORWARD: T = t!["In this game {a} only march towards the fortress."];
/// Refused: an attacker's step away from the fortress.
pub const MARCH_NOT_AWAY: T = t!["In this game {a} may not step away from the fortress."];
/// Refused: an attacker's step backwards.
pub const MARCH_NOT_BACKWARD: T = t!["In this game {a} may not step backwards."];

/// The set-up editor: no attacker placed.
pub const SETUP_NO_ATTACKER: T = t!["Place at least one attacker."];
/// The set-up editor: no defender placed.
pub const SETUP_NO_DEFENDER: T = t!["Place at least one defender."];
/// The set-up editor: the position is over before it starts (`{0}` how).
pub const SETUP_DECIDED: T = t!["Already decided: {0}"];
/// The set-up editor: a legal position, `{s}` to move.
pub const SETUP_LEGAL: T = t!["Legal: {the_s} to move."];
/// The set-up editor copied the position's link.
pub const SETUP_LINK_COPIED: T = t!["Copied: a link to this position."];

/// The goal of each side, under the status: the fortress's points (`{0}`)
/// and the captures the defenders need (`{1}`).
pub const GOAL: T = t![
    "{A} win by filling all {0} points of the fortress or when {the_d} cannot move; {the_d} win by taking {1} {a} or when {the_a} cannot move."
];
/// The goals, where the defenders need one capture.
pub const GOAL_ONE: T = t![
    "{A} win by filling all {0} points of the fortress or when {the_d} cannot move; {the_d} win by taking one {a1} or when {the_a} cannot move."
];
/// The goal of each side where captures alone do not win.
pub const GOAL_NO_COUNT: T = t![
    "{A} win by filling all {0} points of the fortress or when {the_d} cannot move; {the_d} win when {the_a} cannot move."
];
/// The status line against the computer, the reader to move.
pub const YOU_TO_MOVE: T = t!["Your move ({s})"];
/// The result against the computer: the reader won.
pub const YOU_WON: T = t!["You won."];
/// The result against the computer: the reader lost.
pub const YOU_LOST: T = t!["You lost."];
/// The result against the computer: Rematch gives the reader this side.
pub const REMATCH_AS: T = t!["Rematch to play {the_s}."];
/// The first visit's card: play the computer as this side.
pub const WELCOME_AS: T = t!["as {the_s}"];
