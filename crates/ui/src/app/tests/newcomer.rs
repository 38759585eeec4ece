//! A newcomer's way in: the first visit's card, a lesson, a puzzle.

use super::*;

/// Answers the computer's request under way (the reply to a wrong try)
/// with the first legal move, as the worker would; returns its text.
fn reply(app: &mut App) -> String {
    let id = app
        .computer
        .thinking
        .as_ref()
        .expect("the reply asked")
        .request
        .id;
    let reply = MoveText::from_move(app.position(), &app.game.legal_moves()[0]).to_string();
    app.update(Msg::Computer(ComputerMsg::Answer(moved(id, &reply))));
    reply
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
    app.update(Msg::Game(GameMsg::NewGame(
        Preset::Assault.rules(),
        [Player::Human; 2],
    )));
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
    assert_eq!(app.lesson().map(|l| l.index), Some(6));
    // A step that hems nothing in: judged, and no move after it.
    click(&mut app, "a3");
    click(&mut app, "a4");
    assert_eq!(app.lesson().and_then(|l| l.verdict), Some(false));
    assert!(app.targets().is_empty());
    assert!(!app.result_shown());
    // Undo takes it back: a move may be tried again.
    app.update(Msg::Nav(NavMsg::Undo));
    assert_eq!(app.lesson().and_then(|l| l.verdict), None);
    // So does the next tap, and the hint is still there after it.
    click(&mut app, "a3");
    click(&mut app, "a4");
    assert_eq!(app.lesson().and_then(|l| l.verdict), Some(false));
    assert!(app.update(Msg::Lesson(LessonMsg::Hint)));
    assert_eq!(
        app.lesson().map(|l| (l.verdict, l.hint)),
        Some((None, true))
    );
    assert_eq!(app.game.ply(), 0);
    click(&mut app, "a3");
    click(&mut app, "a4");
    // The computer's best reply shows why it fails.
    let reply = reply(&mut app);
    assert_eq!(app.refutation(), Some(reply));
    click(&mut app, "c4");
    assert_eq!(app.game.ply(), 0, "the wrong move taken back by the tap");
    assert_eq!(
        app.lesson().map(|l| (l.verdict, l.hint)),
        Some((None, true))
    );
    click(&mut app, "c5");
    assert_eq!(app.lesson().and_then(|l| l.verdict), Some(true));
    assert_eq!(app.lessons_done, 1 << 6);
    assert!(app.game.outcome().is_some() && !app.result_shown());
    // Resume opens the first lesson not done; Leave a plain game.
    app.update(Msg::Lesson(LessonMsg::Resume));
    assert_eq!(app.lesson().map(|l| l.index), Some(0));
    app.update(Msg::Lesson(LessonMsg::Next));
    assert_eq!(app.lesson().map(|l| l.index), Some(1));
    app.update(Msg::Lesson(LessonMsg::Leave));
    assert_eq!((app.lesson(), record(&app)), (None, "assault".to_owned()));
    // A lesson past the last is refused.
    assert!(!app.update(Msg::Lesson(LessonMsg::Open(99))));
    // The huffing lesson (asalto's rules) names the sides as the others.
    app.update(Msg::Lesson(LessonMsg::Open(8)));
    let status = crate::say::text::status(app.say(), &app.game, &app.pick, &app.computer);
    assert!(status.starts_with("Defenders"), "{status}");
}

#[test]
fn a_puzzle_refuses_a_wrong_move_with_its_reason_and_takes_the_answer() {
    use crate::newcomer::puzzles;
    puzzles::install_for_tests();
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
    assert_eq!(app.puzzle_verdict().map(|(_, right)| right), Some(false));
    assert!(app.targets().is_empty(), "no move after the verdict");
    // Again: the same position, a move may be tried again.
    app.update(Msg::Puzzle(PuzzleMsg::Again));
    assert_eq!(
        app.puzzle()
            .map(|p| (p.index, app.puzzle_verdict().is_none())),
        Some((index, true))
    );
    play(&mut app, &answer);
    assert_eq!(
        app.puzzle_verdict(),
        Some((puzzles::all()[index].answer.to_owned(), true))
    );
    assert!(!app.result_shown());
    // A wrong move is taken back by the next tap; the answer, asked for,
    // is played in its place.
    app.update(Msg::Puzzle(PuzzleMsg::Again));
    play(&mut app, &wrong);
    assert_eq!(app.puzzle_verdict().map(|(_, right)| right), Some(false));
    // The computer's best reply is played to show why it fails.
    let reply = reply(&mut app);
    assert_eq!((app.game.ply(), app.refutation()), (2, Some(reply.clone())));
    assert_eq!(app.puzzle_verdict().map(|(_, right)| right), Some(false));
    // A moment later both go back by themselves, and the try is still said.
    assert_eq!(app.take_back(), Some(Msg::Puzzle(PuzzleMsg::TryAgain)));
    assert!(app.update(Msg::Puzzle(PuzzleMsg::TryAgain)));
    let start = puzzles::all()[index].game();
    let tried = MoveText::from_move(start.position(), &wrong);
    assert_eq!(app.game.ply(), 0);
    assert_eq!(
        app.tried(),
        Some((tried.to_string().as_str(), reply.as_str()))
    );
    assert_eq!(app.take_back(), None);
    play(&mut app, &wrong);
    assert_eq!(app.tried(), None, "until the next move");
    assert_eq!(self::reply(&mut app), reply, "the same reply");
    click(&mut app, &answer.from().expect("a piece").to_string());
    assert_eq!(app.game.ply(), 0, "taken back");
    assert!(
        app.pick.route().first() == answer.from().as_ref(),
        "and the piece picked"
    );
    play(&mut app, &wrong);
    app.update(Msg::Puzzle(PuzzleMsg::Answer));
    assert!(app.puzzle().is_some_and(|p| p.answer_shown));
    assert_eq!(
        app.game.moves(),
        &[answer],
        "the answer in place of the move tried"
    );
    assert_eq!(app.tree.main_line().len(), 1, "and no other");
    app.update(Msg::Puzzle(PuzzleMsg::Next));
    assert_eq!(
        app.puzzle().map(|p| p.index),
        Some((index + 1) % puzzles::all().len())
    );
    app.update(Msg::Puzzle(PuzzleMsg::Leave));
    assert_eq!(
        (app.puzzle().is_none(), record(&app)),
        (true, "assault".to_owned())
    );
    // A number past the last opens nothing and says so.
    assert!(app.update(Msg::Puzzle(PuzzleMsg::Open(99_998))));
    assert!(app.puzzle().is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some(&*format!(
            "There is no puzzle 99999: the puzzles go from 1 to {}.",
            puzzles::all().len()
        ))
    );
}

#[test]
fn play_a_friend_says_how_to_play_one_elsewhere_until_a_move() {
    let mut app = app("assault");
    app.update(Msg::Welcome(Welcome::Offer));
    app.update(Msg::Welcome(Welcome::Friend));
    assert!(app.friend_offered() && !app.welcome_shown());
    let said = crate::say::text::invite(
        app.say(),
        &app.game,
        (app.link_moves, app.friend_offered()),
        app.shared,
    );
    assert!(said.contains("Send"), "{said}");
    click(&mut app, "d4");
    click(&mut app, "d5");
    assert!(!app.friend_offered(), "a move played");
}

#[test]
fn a_puzzle_opened_during_a_lesson_ends_the_lesson_and_back_again() {
    crate::newcomer::puzzles::install_for_tests();
    let mut app = app("assault");
    app.update(Msg::Lesson(LessonMsg::Open(2)));
    assert!(app.update(Msg::Puzzle(PuzzleMsg::Open(0))));
    assert_eq!(
        (app.lesson(), app.puzzle().map(|p| p.index)),
        (None, Some(0))
    );
    app.update(Msg::Lesson(LessonMsg::Open(3)));
    assert_eq!(
        (app.lesson().map(|l| l.index), app.puzzle()),
        (Some(3), None)
    );
    // Leaving a lesson leaves neither open.
    app.update(Msg::Lesson(LessonMsg::Leave));
    assert!(matches!(app.activity(), Activity::Play));
}

#[test]
fn the_editor_opened_over_a_lesson_gives_it_back() {
    let mut app = app("assault");
    app.update(Msg::Lesson(LessonMsg::Open(2)));
    app.update(Msg::Editor(EditorMsg::Toggle));
    assert!(app.editor().is_some() && app.lesson().is_none());
    app.update(Msg::Editor(EditorMsg::Toggle));
    assert_eq!(app.lesson().map(|l| l.index), Some(2));
    // A position set up and played is a game of the reader's own.
    app.update(Msg::Editor(EditorMsg::Toggle));
    assert!(app.update(Msg::Editor(EditorMsg::Play)));
    assert!(matches!(app.activity(), Activity::Play));
}
