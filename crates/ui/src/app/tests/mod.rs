//! The state's tests: clicks, drags, undo, links, the editor, notes and
//! variations; against the computer in `computer`, a newcomer's way in in
//! `newcomer`.

use super::*;
use crate::computer::Answer;
use crate::computer::tests::moved;
use crate::keep::link;
use crate::say::text::Copied;
use asalto_core::{MoveText, Preset, Record, Rules, Side};
use asalto_search::Level;

fn app(record: &str) -> App {
    let record: Record = record.parse().expect("a record");
    App::new(Game::from_record(&record).expect("legal"), 400.0, 400.0)
}

fn at(app: &App, name: &str) -> (f64, f64) {
    app.layout.pixel(name.parse().expect("a point"))
}

fn click(app: &mut App, name: &str) {
    let (x, y) = at(app, name);
    app.update(Msg::Pointer(PointerMsg::Press(x, y)));
    app.update(Msg::Pointer(PointerMsg::Release(x, y)));
}

fn drag(app: &mut App, from: &str, to: &str) {
    let ((x0, y0), (x1, y1)) = (at(app, from), at(app, to));
    app.update(Msg::Pointer(PointerMsg::Press(x0, y0)));
    app.update(Msg::Pointer(PointerMsg::Drag(
        (x0 + x1) / 2.0,
        (y0 + y1) / 2.0,
    )));
    app.update(Msg::Pointer(PointerMsg::Drag(x1, y1)));
    app.update(Msg::Pointer(PointerMsg::Release(x1, y1)));
}

fn record(app: &App) -> String {
    app.game.record().to_string()
}

#[test]
fn click_click_and_drag_both_play_moves() {
    let mut a = app("assault");
    click(&mut a, "d4");
    assert_eq!(a.pick.route().len(), 1, "d4 selected");
    click(&mut a, "d5");
    assert_eq!(record(&a), "assault d4-d5");
    assert!(a.animation.is_some(), "a clicked move animates");
    drag(&mut a, "c5", "d6");
    assert_eq!(record(&a), "assault d4-d5 c5-d6");
}

#[test]
fn a_second_click_on_the_selected_piece_drops_it() {
    let mut a = app("assault");
    click(&mut a, "d4");
    click(&mut a, "d4");
    assert!(a.pick.is_empty());
    // Clicking empty board or an illegal point changes nothing.
    click(&mut a, "d6");
    assert_eq!(record(&a), "assault");
}

#[test]
fn undo_redo_and_going_to_a_ply() {
    let mut a = app("assault d4-d5 c5-d6 c3-d4");
    assert!(a.update(Msg::Nav(NavMsg::Undo)));
    assert_eq!(record(&a), "assault d4-d5 c5-d6");
    a.update(Msg::Nav(NavMsg::GoTo(0)));
    assert_eq!(record(&a), "assault");
    assert!(
        !a.update(Msg::Nav(NavMsg::Undo)),
        "nothing before the start"
    );
    a.update(Msg::Nav(NavMsg::Redo));
    assert_eq!(record(&a), "assault d4-d5");
    a.update(Msg::Nav(NavMsg::GoToEnd));
    assert_eq!(a.game.ply(), 3);
    // A move played after going back replaces the rest.
    a.update(Msg::Nav(NavMsg::GoTo(1)));
    click(&mut a, "e5");
    click(&mut a, "e6");
    assert_eq!(record(&a), "assault d4-d5 e5-e6");
    assert_eq!(a.game.moves().len(), 2);
}

#[test]
fn a_finished_game_has_no_targets_and_animation_ends() {
    let mut a = app("assault");
    click(&mut a, "d4");
    click(&mut a, "d5");
    assert!(a.update(Msg::Page(PageMsg::Tick(1000.0))));
    assert!(a.update(Msg::Page(PageMsg::Tick(1000.0 + ANIMATION_MS + 1.0))));
    assert!(!a.animating());
    assert!(!a.update(Msg::Page(PageMsg::Tick(5000.0))));
}

#[test]
fn touches_grab_only_movable_pieces() {
    let a = app("assault");
    let (x, y) = at(&a, "d4");
    assert!(a.grabs(x, y));
    let (x, y) = at(&a, "c3");
    assert!(!a.grabs(x, y), "c3 cannot move yet");
    assert!(!a.grabs(1.0, 1.0));
}

#[test]
fn a_new_game_replaces_the_old_and_relays_the_board() {
    let mut a = app("assault d4-d5");
    let rules: Rules = "royal-garrison".parse().expect("rules");
    assert!(a.update(Msg::Game(GameMsg::NewGame(rules, [Player::Human; 2]))));
    assert_eq!(record(&a), "royal-garrison");
    assert_eq!(a.layout.size, (9, 9));
}

#[test]
fn a_link_opens_its_game_and_a_bad_one_says_why() {
    let mut a = app("assault");
    assert!(a.update(Msg::Nav(NavMsg::OpenLink("#royal-garrison+d6-d7".into()))));
    assert_eq!(record(&a), "royal-garrison d6-d7");
    assert_eq!(a.layout.size, (9, 9), "relaid for the board");
    assert_eq!(a.notice, None);
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5+c5-c3".into())));
    assert_eq!(record(&a), "assault d4-d5");
    assert!(a.notice.as_deref().is_some_and(|n| n.contains("c5-c3")));
    // The board is usable: the next move plays and the notice goes.
    click(&mut a, "c5");
    click(&mut a, "c6");
    assert_eq!(record(&a), "assault d4-d5 c5-c6");
    assert_eq!(a.notice, None);
    assert!(
        !a.update(Msg::Nav(NavMsg::OpenLink("#".into()))),
        "an empty fragment changes nothing"
    );
}

#[test]
fn a_link_opened_over_a_game_against_the_computer_is_only_shown() {
    // The reader plays the defenders against the computer, then opens a
    // friend's unfinished game with the defenders to move.
    let mut a = app("assault");
    a.computer
        .set_players([Player::Computer(Level::Recruit), Player::Human]);
    assert!(a.update(Msg::Nav(NavMsg::OpenLink(
        "#assault+d4-d5+e5-d4+f4-e5".into()
    ))));
    assert_eq!(record(&a), "assault d4-d5 e5-d4 f4-e5");
    assert_eq!(a.computer.players, [Player::Human; 2]);
    assert_eq!(
        a.computer.thinking, None,
        "the computer does not move in it"
    );
    assert!(
        a.link_view() && a.welcome_shown(),
        "the card offers to play on"
    );
    assert!(a.as_opened(), "the address stays the link");
    a.update(Msg::Nav(NavMsg::Back));
    assert!(
        a.link_view() && !a.as_opened(),
        "a step back is written to the address"
    );
    a.update(Msg::Nav(NavMsg::GoToEnd));
    a.update(Msg::Computer(ComputerMsg::Review));
    assert!(
        a.link_view() && !a.welcome_shown(),
        "a review takes the card's place"
    );
    a.update(Msg::Computer(ComputerMsg::CancelReview));
    assert!(a.welcome_shown(), "and gives it back");
    let status = crate::say::text::status(a.say(), &a.game, &a.pick, &a.computer);
    assert!(!status.contains("Your"), "{status}");
    assert_eq!(
        a.new_game_players(),
        [Player::Human; 2],
        "nothing chosen on this page"
    );
    // Playing on against the computer keeps the game.
    a.update(Msg::Welcome(Welcome::Computer(
        Side::Attacker,
        Level::Recruit,
    )));
    assert_eq!(record(&a), "assault d4-d5 e5-d4 f4-e5");
    assert!(!a.link_view() && !a.welcome_shown());
    assert_eq!(a.computer.reader(), Some(Side::Attacker));
    assert_eq!(a.new_game_players(), a.computer.players, "the choice kept");
    assert!(
        a.computer.moving(),
        "the computer plays the defenders' move"
    );
    // A move of the reader's own plays on too, as does any change to the
    // game (a note, a review's marks).
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5".into())));
    assert!(a.link_view());
    click(&mut a, "e5");
    click(&mut a, "e6");
    assert!(!a.link_view() && !a.welcome_shown());
    assert_eq!(a.computer.players, [Player::Human; 2]);
    assert_eq!(
        a.new_game_players(),
        [Player::Human, Player::Computer(Level::Recruit)],
        "a link's people are not the reader's choice"
    );
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5".into())));
    a.update(Msg::Author(AuthorMsg::Comment("A fine start.".into())));
    assert!(!a.link_view());
    // A finished game speaks of the sides, not of "you".
    let finished = app("assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4");
    let fragment = link::fragment(&finished.tree, finished.shown());
    a.computer
        .set_players([Player::Human, Player::Computer(Level::Recruit)]);
    a.update(Msg::Nav(NavMsg::OpenLink(format!("#{fragment}"))));
    assert!(a.result_shown() && !a.welcome_shown());
    let said = crate::say::text::result(a.say(), &a.game, a.computer.reader());
    assert!(
        !said.is_empty() && !said.contains("You") && !said.contains("Rematch"),
        "{said}"
    );
    // A link sent for a reply is played by link: no card.
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5&reply".into())));
    assert!(!a.link_view() && !a.welcome_shown());
}

#[test]
fn a_replay_steps_through_and_a_view_only_shows() {
    let mut a = app("assault d4-d5 c5-c6");
    a.mode = Mode::Replay;
    a.refresh();
    assert!(a.legal.is_empty(), "no moves to play in a replay");
    assert!(a.update(Msg::Nav(NavMsg::GoTo(0))));
    click(&mut a, "d4");
    click(&mut a, "d5");
    assert_eq!(a.game.ply(), 0, "a click plays nothing");
    assert!(a.update(Msg::Nav(NavMsg::Redo)));
    assert!(!a.update(Msg::Game(GameMsg::NewGame(
        Rules::default(),
        [Player::Human; 2]
    ))));
    a.mode = Mode::View;
    assert!(!a.update(Msg::Nav(NavMsg::Redo)));
    assert!(!a.update(Msg::Nav(NavMsg::GoToEnd)));
    assert!(!a.update(Msg::Nav(NavMsg::OpenLink("#assault".into()))));
    assert_eq!(a.game.ply(), 1);
}

#[test]
fn a_game_opened_by_link_is_played_by_link() {
    let mut a = app("assault");
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5".into())));
    assert_eq!(a.link_moves, None, "a link that only shows a game");
    a.update(Msg::Nav(NavMsg::OpenLink("#assault+d4-d5&reply".into())));
    assert_eq!(a.link_moves, Some(1));
    click(&mut a, "c5");
    click(&mut a, "c6");
    assert_eq!(a.game.ply(), 2);
    assert_eq!(a.link_moves, Some(1), "kept after the reply");
    a.update(Msg::Page(PageMsg::Shared(Copied::Reply)));
    assert_eq!(a.shared, Some(Copied::Reply));
    a.update(Msg::Game(GameMsg::NewGame(
        Rules::default(),
        [Player::Human; 2],
    )));
    assert_eq!((a.link_moves, a.shared), (None, None));
    a.update(Msg::Nav(NavMsg::OpenLink("#assault".into())));
    assert_eq!(a.link_moves, None, "no moves: not a game by link");
}

#[test]
fn a_refused_point_says_why_until_the_next_choice() {
    let mut a = app("assault");
    click(&mut a, "c5");
    assert_eq!(a.refusal.as_deref(), Some("It is the attackers' turn."));
    assert!(
        a.update(Msg::Pointer(PointerMsg::Deselect)),
        "the reason is dropped"
    );
    assert_eq!(a.refusal, None);
    click(&mut a, "c5");
    click(&mut a, "d4");
    assert_eq!(a.refusal, None, "a good choice drops it");
    assert!(a.update(Msg::Pointer(PointerMsg::Choose(
        "c5".parse().expect("a point")
    ))));
    assert!(a.refusal.is_some(), "by keyboard too");
    assert!(
        a.update(Msg::Settings(SettingsMsg::Language(Lang::De))),
        "a new language"
    );
    assert_eq!(a.refusal, None, "not left in the old one");
    click(&mut a, "c5");
    assert_eq!(a.refusal.as_deref(), Some("c5 ist besetzt."));
    assert!(
        !a.update(Msg::Settings(SettingsMsg::Language(Lang::De))),
        "the same language"
    );
}

#[test]
fn the_set_up_editor_builds_a_position_and_plays_it() {
    let mut a = app("assault d4-d5");
    assert!(a.update(Msg::Editor(EditorMsg::Toggle)));
    assert!(a.editor().is_some());
    a.update(Msg::Editor(EditorMsg::Clear));
    assert_eq!(a.pieces(), [PointSet::EMPTY, PointSet::EMPTY]);
    // Points are chosen by click or keyboard: empty, attacker, defender.
    for name in ["a3", "d4", "d5", "d5"] {
        a.update(Msg::Pointer(PointerMsg::Choose(
            name.parse().expect("point"),
        )));
    }
    a.update(Msg::Editor(EditorMsg::Turn(Side::Defender)));
    // The rule set: any preset of this board, none of another.
    assert!(!a.update(Msg::Editor(EditorMsg::Rules(Preset::RoyalGarrison))));
    assert!(a.update(Msg::Editor(EditorMsg::Rules(Preset::GermanTactics))));
    assert!(a.update(Msg::Editor(EditorMsg::Rules(Preset::Assault))));
    // Nothing else happens while setting up.
    assert!(!a.update(Msg::Nav(NavMsg::Undo)));
    assert_eq!(a.pieces()[0].len(), 2);
    assert_eq!(a.pieces()[1].len(), 1);
    // Two attackers against a threshold of nine: decided, and still playable.
    assert!(a.update(Msg::Editor(EditorMsg::Play)));
    assert_eq!(a.editor(), None);
    assert_eq!(
        a.game.rules().to_string(),
        "assault;attackers=a3,d4;defenders=d5;first=defender"
    );
    assert!(a.game.outcome().is_some(), "decided at once");
    // An empty board cannot be played.
    a.update(Msg::Editor(EditorMsg::Toggle));
    a.update(Msg::Editor(EditorMsg::Clear));
    assert!(!a.update(Msg::Editor(EditorMsg::Play)));
    assert!(a.update(Msg::Editor(EditorMsg::Toggle)), "closes");
    assert_eq!(a.editor(), None);
}

#[test]
fn an_author_draws_arrows_and_writes_comments_into_the_record() {
    let mut a = app("assault d4-d5");
    let at = |a: &App, name: &str| a.layout.pixel(name.parse().expect("point"));
    let (d5, d6) = (at(&a, "d5"), at(&a, "d6"));
    a.update(Msg::Author(AuthorMsg::DrawFrom(d5.0, d5.1)));
    assert!(a.update(Msg::Author(AuthorMsg::DrawTo(d6.0, d6.1))));
    a.update(Msg::Author(AuthorMsg::DrawFrom(d6.0, d6.1)));
    a.update(Msg::Author(AuthorMsg::DrawTo(d6.0, d6.1)));
    a.update(Msg::Author(AuthorMsg::Comment(
        "the rebel {marches} on".to_owned(),
    )));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 {the rebel marches on [%draw d5-d6 d6]}"
    );
    // Off the board, nothing is drawn.
    assert!(!a.update(Msg::Author(AuthorMsg::DrawTo(-50.0, -50.0))));
}

#[test]
fn looking_back_keeps_every_move_and_a_new_move_starts_a_variation() {
    let mut a = app("assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6");
    let whole = a.tree.record().to_string();
    a.update(Msg::Nav(NavMsg::GoTo(0)));
    a.update(Msg::Nav(NavMsg::Redo));
    a.update(Msg::Nav(NavMsg::Redo));
    assert_eq!(
        a.tree.record().to_string(),
        whole,
        "looking is only looking"
    );
    assert_eq!(
        link::fragment(&a.tree, a.shown()),
        format!("{}&at=2", link::encode(&whole))
    );
    click(&mut a, "b4");
    click(&mut a, "c5");
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4 d5-d6 (b4-c5) e5xc7 b4-c5 d4xb4xd6"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5");
    // Back on the main line, then into the variation by its number.
    assert!(a.update(Msg::Nav(NavMsg::Enter(6))));
    assert_eq!(record(&a), "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5");
    assert!(a.update(Msg::Nav(NavMsg::Enter(4))));
    assert_eq!(a.game.ply(), 3);
    assert!(!a.update(Msg::Nav(NavMsg::Enter(40))), "no such move");
    // Promoted, the variation is the main line, and stays shown.
    assert!(a.update(Msg::Game(GameMsg::Promote(4))));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4 b4-c5 (d5-d6 e5xc7 b4-c5 d4xb4xd6)"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5");
    // Deleting the line shown shows the move before it.
    assert!(a.update(Msg::Game(GameMsg::Delete(3))));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4");
    assert_eq!(a.game.moves().len(), 6, "the rest of the line is ahead");
}

#[test]
fn the_result_can_be_closed_and_comes_back_with_the_next_finished_game() {
    let mut a = app("assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4");
    assert!(a.result_shown());
    // Looking back hides it, the end shows it again.
    a.update(Msg::Nav(NavMsg::Back));
    assert!(!a.result_shown());
    a.update(Msg::Nav(NavMsg::GoToEnd));
    assert!(a.result_shown());
    assert!(a.update(Msg::Game(GameMsg::CloseResult)));
    assert!(!a.result_shown());
    a.update(Msg::Nav(NavMsg::Back));
    a.update(Msg::Nav(NavMsg::GoToEnd));
    assert!(!a.result_shown(), "closed stays closed for this game");
    // A rematch played to the same end shows it again; Escape closes it.
    a.update(Msg::Game(GameMsg::Rematch));
    for m in ["d4", "d5", "c5", "c6", "c4", "c5", "c6", "c4"] {
        click(&mut a, m);
    }
    assert!(a.game.outcome().is_some(), "{}", record(&a));
    assert!(a.result_shown(), "{}", record(&a));
    assert!(a.update(Msg::Pointer(PointerMsg::Deselect)));
    assert!(!a.result_shown());
    assert!(
        !a.update(Msg::Game(GameMsg::CloseResult)),
        "nothing left to close"
    );
}

mod computer;
mod newcomer;
mod perfect;

#[test]
fn the_state_says_when_the_game_shown_changed() {
    let mut a = app("assault");
    assert!(a.shown_changed(), "the first time");
    assert!(!a.shown_changed(), "nothing since");
    // A frame, a pointer in the air or a selection is no other game.
    a.update(Msg::Page(PageMsg::Tick(16.0)));
    click(&mut a, "d4");
    assert!(!a.shown_changed());
    click(&mut a, "d5");
    assert!(a.shown_changed(), "a move");
    a.update(Msg::Nav(NavMsg::Back));
    assert!(a.shown_changed(), "a step back");
    a.update(Msg::Settings(SettingsMsg::Language(Lang::Fr)));
    assert!(a.shown_changed(), "another language");
    a.update(Msg::Settings(SettingsMsg::Flip));
    assert!(
        !a.shown_changed(),
        "the board turned round shows the same game"
    );
}

#[test]
fn an_embedded_board_of_unknown_rules_says_so() {
    use crate::keep::embed::Embed;
    for options in [
        "rules=nonsense",
        "rules=nonsense&moves=d4-d5",
        "rules=assault%3Bmarch%3Dsideways",
    ] {
        let mut a = app("assault");
        a.configure(&Embed::from_fragment(options), None);
        let note = a.notice.clone().unwrap_or_default();
        assert!(
            note.contains("nonsense") || note.contains("sideways"),
            "{options}: {note:?}"
        );
        assert_eq!(
            record(&a),
            "assault",
            "{options}: the standard game instead"
        );
    }
}

#[test]
fn an_embedded_board_is_configured_by_the_state_from_its_options() {
    use crate::keep::embed::Embed;
    let mut a = app("assault");
    let embed = Embed::from_fragment("moves=d4-d5+c5-c6+c4-c5&mode=replay&ply=1&colour=red");
    a.configure(&embed, None);
    assert_eq!(
        (a.mode, a.game.ply(), a.game.moves().len()),
        (Mode::Replay, 1, 3)
    );
    let note = a.notice.clone().expect("the unknown option named");
    assert!(note.contains("colour"), "{note}");
    // A later note comes after it; none changes nothing.
    a.add_notice(None);
    a.add_notice(Some("And more.".to_owned()));
    assert_eq!(a.notice, Some(format!("{note} And more.")));
    // A saved game outranks the options' own.
    let saved = crate::keep::saved::Saved {
        version: crate::keep::saved::VERSION,
        origin: String::new(),
        record: "assault d4-d5".to_owned(),
        at: None,
        players: [Player::Human; 2],
    };
    let mut b = app("assault");
    b.configure(&Embed::from_fragment("mode=play"), Some(&saved));
    assert_eq!((b.mode, b.game.moves().len()), (Mode::Play, 1));
}
