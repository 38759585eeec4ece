//! The game's state, the messages that change it and `update`.
//!
//! Pure Rust with no browser types, so every interaction is tested natively:
//! events in `listen` become [`Msg`]s, [`App::update`] changes the state, and
//! `render` draws whatever the state is.

use asalto_core::{Game, Move, NodeId, Outcome, Point, PointSet, Position, Tree};

use crate::board::layout::Layout;
use crate::board::threats::Threats;
use crate::computer::{Computer, Player};
use crate::keep::embed::Mode;
use crate::keep::link::Opened;
use crate::lang::{Lang, Naming, Say};
use crate::perfect::Perfect;
use crate::pick::Pick;
use crate::say::text::Copied;

pub use activity::{Activity, Editing};
pub use msg::{
    AuthorMsg, ComputerMsg, EditorMsg, GameMsg, LessonMsg, Msg, NavMsg, PageMsg, PointerMsg,
    PuzzleMsg, SettingsMsg, Welcome,
};
pub use newcomer::{LessonState, PuzzleState, TAKE_BACK_MS};
pub use perfect_play::HOLD_MS;

pub use pointer::{ANIMATION_MS, Animation, Press};
pub use setup::PageSetup;

/// Everything the page shows. Its fields are private to this module and
/// its handlers: a page reads them through the methods below and changes
/// them only by [`App::update`] and the set-up calls. What the board is
/// for (a game, the first visit's card, a lesson, a puzzle, a review, the
/// set-up editor) is one [`Activity`], never a mix.
#[derive(Debug)]
pub struct App {
    /// The line shown: the moves from the start through the move shown
    /// and on along its main continuation, at the move shown.
    game: Game,
    /// Every line played: the game with its variations and notes.
    tree: Tree,
    /// The nodes of `game`'s moves, in order.
    line: Vec<NodeId>,
    /// The legal moves of the shown position (empty when the game is over).
    legal: Vec<Move>,
    /// The move being entered.
    pick: Pick,
    /// The pointer press in progress.
    press: Option<Press>,
    /// The move being animated.
    animation: Option<Animation>,
    /// Board geometry on the canvas.
    layout: Layout,
    /// Canvas size in CSS pixels.
    size: (f64, f64),
    /// Whether moves are animated (off under reduced motion).
    animate: bool,
    /// The computer players.
    computer: Computer,
    /// Perfect play from the board's endgame pack, if it has one.
    perfect: Perfect,
    /// The Marshal's move, held until the pack says whether it wins: the
    /// record it answers, the move and its route.
    held: Option<(String, Move, Vec<Point>)>,
    /// What went wrong with the link the game was opened from (or with
    /// loading the rest of the game), until the next move or game.
    notice: Option<String>,
    /// What the reader may do: only [`Mode::Play`] makes moves, and only
    /// [`Mode::View`] forbids stepping through the game.
    mode: Mode,
    /// The number of moves of the link the game was opened from, when it
    /// was sent for a reply (`&reply`): the game is played by link, two
    /// people, one move at a time.
    link_moves: Option<usize>,
    /// What the last Share or Send did, until the next move.
    shared: Option<Copied>,
    /// Why the last point chosen was refused, until the next choice.
    refusal: Option<String>,
    /// The language of the words on the page.
    lang: Lang,
    /// The side names asked for (an embedded board's `sides`); else the
    /// preset's source's.
    naming: Option<Naming>,
    /// Where an author's arrow starts, while the secondary button is down.
    drawing: Option<Point>,
    /// Whether the box for the author's words is open.
    annotating: bool,
    /// Whether threats are marked and said (a comfort).
    show_threats: bool,
    /// What is threatened in the position shown, while they are.
    threats: Option<Threats>,
    /// The record of the finished game whose result the reader closed
    /// (until another game is opened).
    result_closed: Option<String>,
    /// The record of the game opened from a link and the move it opened
    /// at, while it is shown as it was ([`App::link_view`]).
    link_record: Option<(String, NodeId)>,
    /// The players the reader last chose (a new game's, or the card's).
    chosen: Option<[Player; 2]>,
    /// A lesson's or a puzzle's last wrong try and the reply that answered
    /// it, once both are taken back, until the next move.
    tried: Option<(String, String)>,
    /// *Play a friend* was chosen on the card and no move played since:
    /// the invitation says how to play by link ([`App::friend_offered`]).
    friend: bool,
    /// What the board is for just now: a game, the first visit's card,
    /// a lesson, a puzzle, a review or the set-up editor.
    activity: Activity,
    /// The lessons done, a bit each.
    lessons_done: crate::newcomer::lessons::Done,
    /// The game shown as [`App::shown_changed`] last reported it.
    reported: Option<lines::ShownKey>,
}

/// What a page reads of the state.
impl App {
    /// The line shown: the moves from the start through the move shown and on along its main continuation, at the move shown.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every line played: the game with its variations and notes.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The move being entered.
    pub fn pick(&self) -> &Pick {
        &self.pick
    }

    /// The pointer press in progress.
    pub fn press(&self) -> Option<&Press> {
        self.press.as_ref()
    }

    /// The move being animated.
    pub fn animation(&self) -> Option<&Animation> {
        self.animation.as_ref()
    }

    /// Board geometry on the canvas.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Canvas size in CSS pixels.
    pub fn size(&self) -> (f64, f64) {
        self.size
    }

    /// The computer players.
    pub fn computer(&self) -> &Computer {
        &self.computer
    }

    /// Perfect play from the board's endgame pack, if it has one.
    pub fn perfect(&self) -> &Perfect {
        &self.perfect
    }

    /// What went wrong with the link the game was opened from, until the next move or game.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Why the last point chosen was refused, until the next choice.
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// The language of the words on the page.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the box for the author's words is open.
    pub fn annotating(&self) -> bool {
        self.annotating
    }

    /// What is threatened in the position shown, while threats are shown.
    pub fn threats(&self) -> Option<&Threats> {
        self.threats.as_ref()
    }

    /// The lessons done, a bit each.
    pub fn lessons_done(&self) -> crate::newcomer::lessons::Done {
        self.lessons_done
    }

    /// Sets the address of the board's endgame pack (`None`: none).
    pub fn set_tables(&mut self, address: Option<String>) {
        self.perfect.set_address(address);
    }
}

impl App {
    /// Whether the game was opened from a link and is shown as it was: the
    /// computer plays no side of it, it is not kept and the address is
    /// left as it was given, until the reader plays on (a choice on the
    /// card that offers it) or changes the game (a move, a note, a review's
    /// marks).
    pub fn link_view(&self) -> bool {
        self.link_record
            .as_ref()
            .is_some_and(|(r, _)| *r == self.tree.record().to_string())
    }

    /// Whether the game opened from a link is shown at the move it opened
    /// at: its address is the link as it was given.
    pub fn as_opened(&self) -> bool {
        self.link_view()
            && self
                .link_record
                .as_ref()
                .is_some_and(|&(_, n)| n == self.shown())
    }

    /// Whether *Play a friend* was just chosen (no move since): the
    /// invitation line says the friend may be here or get a link.
    pub fn friend_offered(&self) -> bool {
        self.friend
    }

    /// The players a new game offers: the reader's last choice (a new
    /// game's, or the card's), else the game's (a link's game has people
    /// at both sides, which the reader did not choose).
    pub fn new_game_players(&self) -> [Player; 2] {
        self.chosen.unwrap_or(self.computer.players)
    }

    /// The players the reader last chose, if they chose any here.
    pub fn chosen(&self) -> Option<[Player; 2]> {
        self.chosen
    }

    /// Takes `players` as the reader's last choice, kept from an earlier
    /// visit, unless a choice was made since the page opened.
    pub fn remember_chosen(&mut self, players: [Player; 2]) {
        self.chosen.get_or_insert(players);
    }

    /// Whether the result of a finished game is shown: the game is over
    /// at the move shown, which is its last, in play mode, and the reader
    /// has not closed it.
    pub fn result_shown(&self) -> bool {
        self.game.outcome().is_some()
            && self.mode == Mode::Play
            && self.lesson().is_none()
            && self.puzzle().is_none()
            && self.game.ply() == self.game.moves().len()
            && self
                .result_closed
                .as_ref()
                .is_none_or(|closed| *closed != self.game.record().to_string())
    }

    /// A new game under `rules` on a canvas of `width` × `height` CSS pixels.
    pub fn new(game: Game, width: f64, height: f64) -> App {
        let layout = Layout::fit(game.rules().board(), width, height, false);
        let tree = Tree::new(&game);
        let mut app = App {
            legal: Vec::new(),
            line: tree.main_line(),
            tree,
            game,
            pick: Pick::default(),
            press: None,
            animation: None,
            layout,
            size: (width, height),
            animate: true,
            computer: Computer::default(),
            perfect: Perfect::default(),
            held: None,
            notice: None,
            mode: Mode::Play,
            link_moves: None,
            shared: None,
            refusal: None,
            lang: Lang::default(),
            naming: None,
            drawing: None,
            annotating: false,
            show_threats: false,
            threats: None,
            result_closed: None,
            link_record: None,
            chosen: None,
            tried: None,
            friend: false,
            activity: Activity::Play,
            lessons_done: 0,
            reported: None,
        };
        app.refresh();
        app
    }

    /// The attackers and the defenders drawn: the position shown, or the
    /// one being set up.
    pub fn pieces(&self) -> [PointSet; 2] {
        match self.editor() {
            Some(e) => [e.attackers, e.defenders],
            None => [self.position().attackers(), self.position().defenders()],
        }
    }

    /// Words in the board's language, with its side names: the course
    /// names the sides one way in every lesson, whatever preset a lesson
    /// is played under.
    pub fn say(&self) -> Say {
        let course = self.lesson().map(|_| Naming::AttackersDefenders);
        Say::new(self.lang, self.game.rules().preset).named(self.naming.or(course))
    }

    /// The shown position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Changes the state; returns whether the board must be redrawn.
    pub fn update(&mut self, msg: Msg) -> bool {
        let plan = !matches!(
            msg,
            Msg::Page(PageMsg::Tick(_))
                | Msg::Pointer(PointerMsg::Drag(..))
                | Msg::Page(PageMsg::Resize(..))
        );
        let changed = match msg {
            // Taken whatever the mode, the editor included.
            Msg::Computer(ComputerMsg::Solved(solved)) => self.solved(solved),
            msg => self.apply(msg),
        };
        if plan {
            let before = self.computer.thinking.clone();
            self.plan();
            let reviewed = self.plan_review();
            return changed || reviewed || before != self.computer.thinking;
        }
        changed
    }

    fn apply(&mut self, msg: Msg) -> bool {
        if self.editor().is_some() {
            return self.edit(msg);
        }
        if msg == Msg::Editor(EditorMsg::Toggle) {
            // The editor plays both sides at the screen.
            self.computer.set_players([Player::Human, Player::Human]);
            self.open_editor();
            self.pick.clear();
            self.press = None;
            self.animation = None;
            return true;
        }
        self.apply_always(msg)
    }

    /// Shows an opened game (a link's, a saved one, an embedded board's),
    /// with what was wrong with its record.
    pub fn open(&mut self, opened: Opened) {
        self.link_record = None;
        self.friend = false;
        self.activity = Activity::Play;
        self.game = opened.tree.game(opened.shown);
        self.line = opened.tree.line(opened.shown);
        self.tree = opened.tree;
        self.notice = opened.problem;
        self.result_closed = None;
        self.animation = None;
        self.computer.thinking = None;
        self.shared = None;
        self.relayout(self.size.0, self.size.1, self.layout.flipped);
        self.refresh();
    }

    fn relayout(&mut self, w: f64, h: f64, flipped: bool) {
        self.size = (w, h);
        self.layout = Layout::fit(self.game.rules().board(), w, h, flipped);
    }

    /// After the shown position changed: new legal moves (none unless
    /// moves may be played), no selection.
    pub fn refresh(&mut self) {
        // A lesson or a puzzle judges one move: none after it, until it is
        // taken back.
        if let Activity::Lesson(lesson) = &mut self.activity
            && self.game.ply() == 0
        {
            lesson.verdict = None;
        }
        let judged = self.lesson().is_some_and(|l| l.verdict.is_some())
            || (self.puzzle().is_some() && self.game.ply() > 0);
        self.legal = if self.game.outcome().is_some() || self.mode != Mode::Play || judged {
            Vec::new()
        } else {
            self.game.legal_moves()
        };
        self.pick.clear();
        self.press = None;
        self.held = None;
        self.computer.hint = None;
        self.refusal = None;
        self.threats = self.show_threats.then(|| Threats::of(self.game.position()));
    }

    fn navigate(&mut self, go: impl FnOnce(&mut Game)) -> bool {
        let before = self.game.ply();
        go(&mut self.game);
        if self.game.ply() == before {
            return false;
        }
        self.animation = None;
        self.refresh();
        true
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
}

mod activity;
mod edit;
mod handlers;
mod lines;
mod msg;
mod newcomer;
pub mod overlay;
pub mod panel_view;
mod perfect_play;
mod pointer;
mod reviewing;
mod setup;
#[cfg(test)]
mod tests;
