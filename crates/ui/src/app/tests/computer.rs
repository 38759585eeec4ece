//! Against the computer: waiting for its moves, pausing, hints, undo,
//! rematch, and a review in the worker.

use super::*;

#[test]
fn against_the_computer_the_board_waits_and_undo_takes_back_both_moves() {
    use asalto_search::Level;
    let mut a = app("assault");
    let players = [Player::Human, Player::Computer(Level::Recruit)];
    a.update(Msg::Game(GameMsg::NewGame(Rules::default(), players)));
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
    assert!(a.update(Msg::Computer(ComputerMsg::Answer(answer))));
    assert_eq!(record(&a), "assault d4-d5 c5-d4");
    assert_eq!(a.computer.thinking, None, "the rebels are human");
    a.update(Msg::Nav(NavMsg::Undo));
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
    a.update(Msg::Game(GameMsg::NewGame(Rules::default(), players)));
    assert!(a.computer.moving());
    a.update(Msg::Computer(ComputerMsg::Pause));
    assert!(!a.computer.moving());
    a.update(Msg::Computer(ComputerMsg::Pause));
    assert!(a.computer.moving());
    let mut a = app("assault d4-d5");
    assert!(a.update(Msg::Computer(ComputerMsg::Hint)));
    let id = a.computer.thinking.as_ref().expect("asked").request.id;
    a.update(Msg::Computer(ComputerMsg::Answer(moved(id, "c5-c6"))));
    assert_eq!(a.computer.hint_points().len(), 2);
    click(&mut a, "e5");
    click(&mut a, "e6");
    assert!(a.computer.hint.is_none());
}

#[test]
fn against_the_computer_a_move_from_an_earlier_position_is_answered_in_its_variation() {
    let mut a = app("assault d4-d5 c5-d6 c4-c5 d6xd4");
    a.computer.set_players([
        Player::Human,
        Player::Computer(asalto_search::Level::Recruit),
    ]);
    a.update(Msg::Nav(NavMsg::GoTo(2)));
    assert!(a.computer.thinking.is_none(), "looking back asks nothing");
    click(&mut a, "c4");
    click(&mut a, "c5");
    assert_eq!(
        a.game.moves().len(),
        4,
        "the main line's move: its answer is there"
    );
    assert!(a.computer.thinking.is_none());
    a.update(Msg::Nav(NavMsg::GoTo(2)));
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
    a.update(Msg::Computer(ComputerMsg::Answer(answer)));
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
    assert!(a.update(Msg::Game(GameMsg::Rematch)));
    assert_eq!(record(&a), "murray");
    assert_eq!(
        a.computer.players,
        [
            Player::Computer(asalto_search::Level::Recruit),
            Player::Human
        ]
    );
    a.computer.set_players([Player::Human; 2]);
    a.update(Msg::Game(GameMsg::Rematch));
    assert_eq!(a.computer.players, [Player::Human; 2]);
}

#[test]
fn a_review_asks_for_each_position_in_turn_and_writes_what_it_finds() {
    let mut a = app("assault d4-d5 c5-d4 b4-c5");
    let empty = &mut app("assault");
    assert!(empty.update(Msg::Computer(ComputerMsg::Review)));
    assert!(
        empty
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("nothing to review"))
    );
    assert!(empty.review().is_none());
    a.update(Msg::Computer(ComputerMsg::Review));
    let answers = ["d4-d5", "c5-d6", "b4-c5", "d4xb4xd6xd4"];
    let scores = ["+0.20", "+0.30", "+2.90", "win in 5"];
    for (ply, (best, score)) in answers.iter().zip(scores).enumerate() {
        let t = a.computer.thinking.clone().expect("a review request");
        assert_eq!(t.review, Some(ply));
        assert!(!a.computer.moving(), "a review is not the computer's move");
        let Answer::Move { id, best, .. } = moved(t.request.id, best) else {
            unreachable!()
        };
        a.update(Msg::Computer(ComputerMsg::Answer(Answer::Move {
            id,
            best,
            depth: 1,
            score: score.parse::<asalto_search::Score>().expect("score").0,
            nodes: 1.0,
            millis: 1.0,
        })));
    }
    let review = a.review().expect("a review");
    assert!(review.done());
    assert!(a.computer.thinking.is_none());
    assert_eq!(
        a.tree.record().to_string(),
        "assault d4-d5 c5-d4?? {Blunder: c5-d6 was better. [%draw c5-d6]} b4-c5"
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5", "the moves stay");
    // Cancelled half-way, what was classed stays.
    let mut b = app("assault d4-d5 c5-d4 b4-c5");
    b.update(Msg::Computer(ComputerMsg::Review));
    assert!(b.update(Msg::Computer(ComputerMsg::CancelReview)));
    assert!(b.review().is_none() && b.computer.thinking.is_none());
}

#[test]
fn a_review_whose_worker_dies_resumes_once_then_says_it_stopped() {
    let mut a = app("assault d4-d5 c5-d4 b4-c5");
    a.update(Msg::Computer(ComputerMsg::Review));
    let error = |a: &App| {
        let id = a.computer.thinking.as_ref().map(|t| t.request.id);
        Msg::Computer(ComputerMsg::Answer(Answer::Error {
            id,
            message: "the computer player stopped: out of memory".to_owned(),
        }))
    };
    a.update(error(&a));
    let again = a.computer.thinking.as_ref().expect("asked again");
    assert_eq!(again.review, Some(0), "the review resumes where it was");
    a.update(error(&a));
    assert!(a.review().is_none());
    assert_eq!(
        a.notice.as_deref(),
        Some("The review stopped: the computer player could not go on.")
    );
    assert_eq!(record(&a), "assault d4-d5 c5-d4 b4-c5");
}

#[test]
fn the_editor_pauses_a_review_and_a_new_game_ends_it() {
    let mut a = app("assault d4-d5 c5-d4 b4-c5");
    a.update(Msg::Computer(ComputerMsg::Review));
    // Set up over the review: it waits, shown, and is back when the
    // editor closes without a game of its own, asking again.
    a.update(Msg::Editor(EditorMsg::Toggle));
    assert!(a.editor().is_some() && a.review().is_some());
    assert!(a.computer.thinking.is_none(), "nothing asked while editing");
    a.update(Msg::Editor(EditorMsg::Toggle));
    assert!(matches!(a.activity(), Activity::Review(_)));
    let next = a.computer.thinking.as_ref().and_then(|t| t.review);
    assert_eq!(next, Some(0), "the review resumes where it was");
    // A new game ends a review under way: its moves were the old game's.
    let mut b = app("assault d4-d5 c5-d4 b4-c5");
    b.update(Msg::Computer(ComputerMsg::Review));
    b.update(Msg::Game(GameMsg::NewGame(
        *b.game.rules(),
        [Player::Human; 2],
    )));
    assert!(b.review().is_none());
    assert!(matches!(b.activity(), Activity::Play));
}
