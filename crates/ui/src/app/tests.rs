//! The state's tests: clicks, drags, undo, the computer's answers, links.

use super::*;
use crate::computer::Answer;
use crate::computer::tests::moved;
use crate::text::Copied;
use asalto_core::{MoveText, Preset, Record, Rules};
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
    app.update(Msg::Press(x, y));
    app.update(Msg::Release(x, y));
}

fn drag(app: &mut App, from: &str, to: &str) {
    let ((x0, y0), (x1, y1)) = (at(app, from), at(app, to));
    app.update(Msg::Press(x0, y0));
    app.update(Msg::Drag((x0 + x1) / 2.0, (y0 + y1) / 2.0));
    app.update(Msg::Drag(x1, y1));
    app.update(Msg::Release(x1, y1));
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
    assert!(a.update(Msg::Undo));
    assert_eq!(record(&a), "assault d4-d5 c5-d6");
    a.update(Msg::GoTo(0));
    assert_eq!(record(&a), "assault");
    assert!(!a.update(Msg::Undo), "nothing before the start");
    a.update(Msg::Redo);
    assert_eq!(record(&a), "assault d4-d5");
    a.update(Msg::GoToEnd);
    assert_eq!(a.game.ply(), 3);
    // A move played after going back replaces the rest.
    a.update(Msg::GoTo(1));
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
    assert!(a.update(Msg::Tick(1000.0)));
    assert!(a.update(Msg::Tick(1000.0 + ANIMATION_MS + 1.0)));
    assert!(!a.animating());
    assert!(!a.update(Msg::Tick(5000.0)));
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
    assert!(a.update(Msg::NewGame(rules, [Player::Human; 2])));
    assert_eq!(record(&a), "royal-garrison");
    assert_eq!(a.layout.size, (9, 9));
}

#[test]
fn against_the_computer_the_board_waits_and_undo_takes_back_both_moves() {
    use asalto_search::Level;
    let mut a = app("assault");
    let players = [Player::Human, Player::Computer(Level::Recruit)];
    a.update(Msg::NewGame(Rules::default(), players));
    click(&mut a, "d4");
    click(&mut a, "d5");
    let id = a
        .computer
        .thinking
        .as_ref()
        .expect("the computer thinks")
        .request
        .id;
    // Its pieces cannot be moved for it.
    click(&mut a, "c5");
    assert!(a.pick.is_empty());
    let answer = moved(id, "c5-d4");
    assert!(a.update(Msg::Computer(answer)));
    assert_eq!(record(&a), "assault d4-d5 c5-d4");
    assert_eq!(a.computer.thinking, None, "the rebels are human");
    a.update(Msg::Undo);
    assert_eq!(a.game.ply(), 0, "both moves taken back");
    assert_eq!(
        a.computer.thinking, None,
        "browsing back, the computer waits"
    );
}

#[test]
fn pause_stops_the_computer_and_a_hint_is_cleared_by_a_move() {
    use asalto_search::Level;
    let mut a = app("assault");
    let players = [Player::Computer(Level::Recruit), Player::Human];
    a.update(Msg::NewGame(Rules::default(), players));
    assert!(a.computer.moving());
    a.update(Msg::Pause);
    assert!(!a.computer.moving());
    a.update(Msg::Pause);
    assert!(a.computer.moving());
    let mut a = app("assault d4-d5");
    assert!(a.update(Msg::Hint));
    let id = a.computer.thinking.as_ref().expect("asked").request.id;
    a.update(Msg::Computer(moved(id, "c5-c6")));
    assert_eq!(a.computer.hint_points().len(), 2);
    click(&mut a, "e5");
    click(&mut a, "e6");
    assert!(a.computer.hint.is_none());
}

#[test]
fn a_link_opens_its_game_and_a_bad_one_says_why() {
    let mut a = app("assault");
    assert!(a.update(Msg::OpenLink("#royal-garrison+d6-d7".into())));
    assert_eq!(record(&a), "royal-garrison d6-d7");
    assert_eq!(a.layout.size, (9, 9), "relaid for the board");
    assert_eq!(a.notice, None);
    a.update(Msg::OpenLink("#assault+d4-d5+c5-c3".into()));
    assert_eq!(record(&a), "assault d4-d5");
    assert!(a.notice.as_deref().is_some_and(|n| n.contains("c5-c3")));
    // The board is usable: the next move plays and the notice goes.
    click(&mut a, "c5");
    click(&mut a, "c6");
    assert_eq!(record(&a), "assault d4-d5 c5-c6");
    assert_eq!(a.notice, None);
    assert!(
        !a.update(Msg::OpenLink("#".into())),
        "an empty fragment changes nothing"
    );
}

#[test]
fn a_replay_steps_through_and_a_view_only_shows() {
    let mut a = app("assault d4-d5 c5-c6");
    a.mode = Mode::Replay;
    a.refresh();
    assert!(a.legal.is_empty(), "no moves to play in a replay");
    assert!(a.update(Msg::GoTo(0)));
    click(&mut a, "d4");
    click(&mut a, "d5");
    assert_eq!(a.game.ply(), 0, "a click plays nothing");
    assert!(a.update(Msg::Redo));
    assert!(!a.update(Msg::NewGame(Rules::default(), [Player::Human; 2])));
    a.mode = Mode::View;
    assert!(!a.update(Msg::Redo));
    assert!(!a.update(Msg::GoToEnd));
    assert!(!a.update(Msg::OpenLink("#assault".into())));
    assert_eq!(a.game.ply(), 1);
}

#[test]
fn a_game_opened_by_link_is_played_by_link() {
    let mut a = app("assault");
    a.update(Msg::OpenLink("#assault+d4-d5".into()));
    assert_eq!(a.link_moves, None, "a link that only shows a game");
    a.update(Msg::OpenLink("#assault+d4-d5&reply".into()));
    assert_eq!(a.link_moves, Some(1));
    click(&mut a, "c5");
    click(&mut a, "c6");
    assert_eq!(a.game.ply(), 2);
    assert_eq!(a.link_moves, Some(1), "kept after the reply");
    a.update(Msg::Shared(Copied::Reply));
    assert_eq!(a.shared, Some(Copied::Reply));
    a.update(Msg::NewGame(Rules::default(), [Player::Human; 2]));
    assert_eq!((a.link_moves, a.shared), (None, None));
    a.update(Msg::OpenLink("#assault".into()));
    assert_eq!(a.link_moves, None, "no moves: not a game by link");
}

#[test]
fn a_refused_point_says_why_until_the_next_choice() {
    let mut a = app("assault");
    click(&mut a, "c5");
    assert_eq!(a.refusal.as_deref(), Some("It is the attackers' turn."));
    assert!(a.update(Msg::Deselect), "the reason is dropped");
    assert_eq!(a.refusal, None);
    click(&mut a, "c5");
    click(&mut a, "d4");
    assert_eq!(a.refusal, None, "a good choice drops it");
    assert!(a.update(Msg::Choose("c5".parse().expect("a point"))));
    assert!(a.refusal.is_some(), "by keyboard too");
    assert!(a.update(Msg::Language(Lang::De)), "a new language");
    assert_eq!(a.refusal, None, "not left in the old one");
    click(&mut a, "c5");
    assert_eq!(a.refusal.as_deref(), Some("c5 ist besetzt."));
    assert!(!a.update(Msg::Language(Lang::De)), "the same language");
}

#[test]
fn the_set_up_editor_builds_a_position_and_plays_it() {
    let mut a = app("assault d4-d5");
    assert!(a.update(Msg::Edit));
    assert!(a.editor.is_some());
    a.update(Msg::EditClear);
    assert_eq!(a.pieces(), [PointSet::EMPTY, PointSet::EMPTY]);
    // Points are chosen by click or keyboard: empty, attacker, defender.
    for name in ["a3", "d4", "d5", "d5"] {
        a.update(Msg::Choose(name.parse().expect("point")));
    }
    a.update(Msg::EditTurn(Side::Defender));
    // The rule set: any preset of this board, none of another.
    assert!(!a.update(Msg::EditRules(Preset::RoyalGarrison)));
    assert!(a.update(Msg::EditRules(Preset::GermanTactics)));
    assert!(a.update(Msg::EditRules(Preset::Assault)));
    // Nothing else happens while setting up.
    assert!(!a.update(Msg::Undo));
    assert_eq!(a.pieces()[0].len(), 2);
    assert_eq!(a.pieces()[1].len(), 1);
    // Two attackers against a threshold of nine: decided, and still playable.
    assert!(a.update(Msg::EditPlay));
    assert_eq!(a.editor, None);
    assert_eq!(
        a.game.rules().to_string(),
        "assault;attackers=a3,d4;defenders=d5;first=defender"
    );
    assert!(a.game.outcome().is_some(), "decided at once");
    // An empty board cannot be played.
    a.update(Msg::Edit);
    a.update(Msg::EditClear);
    assert!(!a.update(Msg::EditPlay));
    assert!(a.update(Msg::Edit), "closes");
    assert_eq!(a.editor, None);
}

#[test]
fn an_author_draws_arrows_and_writes_comments_into_the_record() {
    let mut a = app("assault d4-d5");
    let at = |a: &App, name: &str| a.layout.pixel(name.parse().expect("point"));
    let (d5, d6) = (at(&a, "d5"), at(&a, "d6"));
    a.update(Msg::DrawFrom(d5.0, d5.1));
    assert!(a.update(Msg::DrawTo(d6.0, d6.1)));
    a.update(Msg::DrawFrom(d6.0, d6.1));
    a.update(Msg::DrawTo(d6.0, d6.1));
    a.update(Msg::Comment("the rebel {marches} on".to_owned()));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 {the rebel marches on [%draw d5-d6 d6]}"
    );
    // Off the board, nothing is drawn.
    assert!(!a.update(Msg::DrawTo(-50.0, -50.0)));
}

#[test]
fn looking_back_keeps_every_move_and_a_new_move_starts_a_variation() {
    let mut a = app("assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6");
    let whole = a.tree.record().to_string();
    a.update(Msg::GoTo(0));
    a.update(Msg::Redo);
    a.update(Msg::Redo);
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
    assert!(a.update(Msg::Enter(6)));
    assert_eq!(record(&a), "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5");
    assert!(a.update(Msg::Enter(4)));
    assert_eq!(a.game.ply(), 3);
    assert!(!a.update(Msg::Enter(40)), "no such move");
    // Promoted, the variation is the main line, and stays shown.
    assert!(a.update(Msg::Promote(4)));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4 b4-c5 (d5-d6 e5xc7 b4-c5 d4xb4xd6)"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5");
    // Deleting the line shown shows the move before it.
    assert!(a.update(Msg::Delete(3)));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5 d4xb4xd6"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4");
    assert_eq!(a.game.moves().len(), 6, "the rest of the line is ahead");
}

#[test]
fn against_the_computer_a_move_from_an_earlier_position_is_answered_in_its_variation() {
    let mut a = app("assault d4-d5 c5-d6 c4-c5 d6xd4");
    a.computer.set_players([
        Player::Human,
        Player::Computer(asalto_search::Level::Recruit),
    ]);
    a.update(Msg::GoTo(2));
    assert!(a.computer.thinking.is_none(), "looking back asks nothing");
    click(&mut a, "c4");
    click(&mut a, "c5");
    assert_eq!(
        a.game.moves().len(),
        4,
        "the main line's move: its answer is there"
    );
    assert!(a.computer.thinking.is_none());
    a.update(Msg::GoTo(2));
    click(&mut a, "b4");
    click(&mut a, "c5");
    // The computer answers in the new variation; the main line stays.
    assert!(a.computer.thinking.is_some());
    let id = a
        .computer
        .thinking
        .as_ref()
        .map(|t| t.request.id)
        .expect("asked");
    let answer = moved(id, "d6xb4xd4xd6");
    a.update(Msg::Computer(answer));
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d6 c4-c5 (b4-c5 d6xb4xd4xd6) d6xd4"
    );
}

#[test]
fn rematch_swaps_sides_against_the_computer_and_keeps_the_rules() {
    let mut a = app("murray c6-c7");
    a.computer.set_players([
        Player::Human,
        Player::Computer(asalto_search::Level::Recruit),
    ]);
    assert!(a.update(Msg::Rematch));
    assert_eq!(record(&a), "murray");
    assert_eq!(
        a.computer.players,
        [
            Player::Computer(asalto_search::Level::Recruit),
            Player::Human
        ]
    );
    a.computer.set_players([Player::Human; 2]);
    a.update(Msg::Rematch);
    assert_eq!(a.computer.players, [Player::Human; 2]);
}

#[test]
fn a_review_asks_for_each_position_in_turn_and_writes_what_it_finds() {
    let mut a = app("assault d4-d5 c5-d4 b4-c5");
    let empty = &mut app("assault");
    assert!(empty.update(Msg::Review));
    assert!(
        empty
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("nothing to review"))
    );
    assert!(empty.review.is_none());
    a.update(Msg::Review);
    let answers = ["d4-d5", "c5-d6", "b4-c5", "d4xb4xd6xd4"];
    let scores = ["+0.20", "+0.30", "+2.90", "win in 5"];
    for (ply, (best, score)) in answers.iter().zip(scores).enumerate() {
        let t = a.computer.thinking.clone().expect("a review request");
        assert_eq!(t.review, Some(ply));
        assert!(!a.computer.moving(), "a review is not the computer's move");
        let Answer::Move { id, best, .. } = moved(t.request.id, best) else {
            unreachable!()
        };
        a.update(Msg::Computer(Answer::Move {
            id,
            best,
            depth: 1,
            score: score.parse::<asalto_search::Score>().expect("score").0,
            nodes: 1.0,
            millis: 1.0,
        }));
    }
    let review = a.review.as_ref().expect("a review");
    assert!(review.done());
    assert!(a.computer.thinking.is_none());
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4?? {Blunder: c5-d6 was better. [%draw c5-d6]} b4-c5"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5", "the moves stay");
    // Cancelled half-way, what was classed stays.
    let mut b = app("assault d4-d5 c5-d4 b4-c5");
    b.update(Msg::Review);
    assert!(b.update(Msg::CancelReview));
    assert!(b.review.is_none() && b.computer.thinking.is_none());
}

#[test]
fn a_review_whose_worker_dies_resumes_once_then_says_it_stopped() {
    let mut a = app("assault d4-d5 c5-d4 b4-c5");
    a.update(Msg::Review);
    let error = |a: &App| {
        let id = a.computer.thinking.as_ref().map(|t| t.request.id);
        Msg::Computer(Answer::Error {
            id,
            message: "the computer player stopped: out of memory".to_owned(),
        })
    };
    a.update(error(&a));
    let again = a.computer.thinking.as_ref().expect("asked again");
    assert_eq!(again.review, Some(0), "the review resumes where it was");
    a.update(error(&a));
    assert!(a.review.is_none());
    assert_eq!(
        a.notice.as_deref(),
        Some("The review stopped: the computer player could not go on.")
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5");
}

#[test]
fn the_result_can_be_closed_and_comes_back_with_the_next_finished_game() {
    let mut a = app("assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4");
    assert!(a.result_shown());
    // Looking back hides it, the end shows it again.
    a.update(Msg::Back);
    assert!(!a.result_shown());
    a.update(Msg::GoToEnd);
    assert!(a.result_shown());
    assert!(a.update(Msg::CloseResult));
    assert!(!a.result_shown());
    a.update(Msg::Back);
    a.update(Msg::GoToEnd);
    assert!(!a.result_shown(), "closed stays closed for this game");
    // A rematch played to the same end shows it again; Escape closes it.
    a.update(Msg::Rematch);
    for m in ["d4", "d5", "c5", "c6", "c4", "c5", "c6", "c4"] {
        click(&mut a, m);
    }
    assert!(a.game.outcome().is_some(), "{}", record(&a));
    assert!(a.result_shown(), "{}", record(&a));
    assert!(a.update(Msg::Deselect));
    assert!(!a.result_shown());
    assert!(!a.update(Msg::CloseResult), "nothing left to close");
}

#[test]
fn the_first_visit_s_card_goes_with_a_choice_a_move_or_a_new_game() {
    let mut app = app("assault");
    assert!(!app.welcome_shown());
    app.update(Msg::Welcome(Welcome::Offer));
    assert!(app.welcome_shown());
    click(&mut app, "d4");
    click(&mut app, "d5");
    assert!(!app.welcome_shown(), "a move played");
    let mut app = self::app("assault");
    app.update(Msg::Welcome(Welcome::Offer));
    app.update(Msg::NewGame(Preset::Assault.rules(), [Player::Human; 2]));
    assert!(!app.welcome_shown(), "a new game");
    app.update(Msg::Welcome(Welcome::Offer));
    app.update(Msg::Welcome(Welcome::Computer(
        Side::Defender,
        Level::Recruit,
    )));
    assert!(!app.welcome_shown());
    assert_eq!(app.computer.reader(), Some(Side::Defender));
}

#[test]
fn a_lesson_judges_one_move_keeps_its_star_and_starts_again() {
    let mut app = app("assault");
    app.update(Msg::Lesson(LessonMsg::Open(6)));
    assert_eq!(app.lesson.map(|l| l.index), Some(6));
    // A step that hems nothing in: judged, and no move after it.
    click(&mut app, "a3");
    click(&mut app, "a4");
    assert_eq!(app.lesson.and_then(|l| l.verdict), Some(false));
    assert!(app.targets().is_empty());
    assert!(!app.result_shown());
    // Undo takes it back: a move may be tried again.
    app.update(Msg::Undo);
    assert_eq!(app.lesson.and_then(|l| l.verdict), None);
    click(&mut app, "c4");
    click(&mut app, "c5");
    assert_eq!(app.lesson.and_then(|l| l.verdict), Some(true));
    assert_eq!(app.lessons_done, 1 << 6);
    assert!(app.game.outcome().is_some() && !app.result_shown());
    // Resume opens the first lesson not done; Leave a plain game.
    app.update(Msg::Lesson(LessonMsg::Resume));
    assert_eq!(app.lesson.map(|l| l.index), Some(0));
    app.update(Msg::Lesson(LessonMsg::Next));
    assert_eq!(app.lesson.map(|l| l.index), Some(1));
    app.update(Msg::Lesson(LessonMsg::Leave));
    assert_eq!((app.lesson, record(&app)), (None, "assault".to_owned()));
    // A lesson past the last is refused.
    assert!(!app.update(Msg::Lesson(LessonMsg::Open(99))));
}

#[test]
fn a_puzzle_refuses_a_wrong_move_with_its_reason_and_takes_the_answer() {
    use crate::puzzles;
    // A puzzle whose answer and one wrong move are entered with two clicks.
    let simple = |m: &asalto_core::Move| m.from().is_some() && m.captured().len() <= 1;
    let (index, answer, wrong) = puzzles::all()
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            let game = p.game();
            let text = |m: &asalto_core::Move| MoveText::from_move(game.position(), m).to_string();
            let moves = game.legal_moves();
            let answer = moves
                .iter()
                .find(|m| text(m) == p.answer)
                .filter(|m| simple(m))?;
            let wrong = moves.iter().find(|m| text(m) != p.answer && simple(m))?;
            Some((i, *answer, *wrong))
        })
        .expect("such a puzzle");
    let play = |app: &mut App, m: &asalto_core::Move| {
        click(app, &m.from().expect("a piece").to_string());
        click(app, &m.to().to_string());
    };
    let mut app = app("assault");
    assert!(app.update(Msg::Puzzle(PuzzleMsg::Open(index))));
    assert_eq!(
        app.game.position().to_string(),
        puzzles::all()[index].game().position().to_string()
    );
    play(&mut app, &wrong);
    let verdict = app.puzzle.as_ref().and_then(|p| p.verdict.clone());
    assert_eq!(verdict.map(|(_, right)| right), Some(false));
    assert!(app.targets().is_empty(), "no move after the verdict");
    // Again: the same position, a move may be tried again.
    app.update(Msg::Puzzle(PuzzleMsg::Again));
    assert_eq!(
        app.puzzle.as_ref().map(|p| (p.index, p.verdict.is_none())),
        Some((index, true))
    );
    play(&mut app, &answer);
    assert_eq!(
        app.puzzle.as_ref().and_then(|p| p.verdict.clone()),
        Some((puzzles::all()[index].answer.to_owned(), true))
    );
    assert!(!app.result_shown());
    app.update(Msg::Puzzle(PuzzleMsg::Answer));
    assert!(app.puzzle.as_ref().is_some_and(|p| p.answer_shown));
    app.update(Msg::Puzzle(PuzzleMsg::Next));
    assert_eq!(
        app.puzzle.as_ref().map(|p| p.index),
        Some((index + 1) % puzzles::all().len())
    );
    app.update(Msg::Puzzle(PuzzleMsg::Leave));
    assert_eq!(
        (app.puzzle.is_none(), record(&app)),
        (true, "assault".to_owned())
    );
    assert!(!app.update(Msg::Puzzle(PuzzleMsg::Open(usize::MAX))));
}
