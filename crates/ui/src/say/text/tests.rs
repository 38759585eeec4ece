//! The words on the page, checked: names, status lines, notes.

use super::*;
use Lang::En;
use asalto_core::Record;

fn game(record: &str) -> Game {
    Game::from_record(&record.parse::<Record>().expect("a record")).expect("legal")
}

#[test]
fn every_preset_has_a_line_with_its_board_and_source() {
    for &preset in Preset::ALL {
        let line = preset_line(Lang::En, preset);
        assert!(line.contains(source(Lang::En, preset)), "{line}");
        assert_eq!(line.matches(" — ").count(), 2, "{line}");
    }
}

#[test]
fn a_set_up_position_s_status_names_it_and_who_will_move() {
    let say = Say::new(En, Preset::Assault);
    assert_eq!(
        setup_status(say, Side::Defender),
        "Set-up position, defenders to move."
    );
    let say = Say::new(Lang::Fr, Preset::Asalto);
    assert_eq!(
        setup_status(say, Side::Attacker),
        "Position préparée, aux rebelles de jouer."
    );
}

#[test]
fn status_says_whose_turn_and_what_to_do() {
    let pick = Pick::default();
    let c = Computer::default();
    assert_eq!(
        status(
            Say::new(En, game("assault").rules().preset),
            &game("assault"),
            &pick,
            &c
        ),
        "Attackers to move."
    );
    assert_eq!(
        status(
            Say::new(En, game("assault d4-d5").rules().preset),
            &game("assault d4-d5"),
            &pick,
            &c
        ),
        "Defenders to move."
    );
    assert_eq!(
        status(
            Say::new(En, game("asalto").rules().preset),
            &game("asalto"),
            &pick,
            &c
        ),
        "Officers: place 2 officers in the fortress."
    );
    let mut g = game("assault d4-d5 c5-d6");
    g.undo();
    assert_eq!(
        status(Say::new(En, g.rules().preset), &g, &pick, &c),
        "Defenders to move (move 1 of 1)."
    );
    let mut c = Computer::default();
    c.set_players([
        Player::Human,
        Player::Computer(asalto_search::Level::Captain),
    ]);
    assert_eq!(
        status(
            Say::new(En, game("assault d4-d5").rules().preset),
            &game("assault d4-d5"),
            &pick,
            &c
        ),
        "Defenders (computer, Captain) to move."
    );
}

#[test]
fn captures_and_huffs_are_explained() {
    // Asalto: the officers on d6/e6 may capture d5 from d6 or e6; a step
    // instead huffs the officer that could have captured.
    let g = game("asalto @d6 @e6 d4-d5");
    let legal = g.legal_moves();
    let step = legal
        .iter()
        .find(|m| matches!(m, Move::Step { huffed, .. } if !huffed.is_empty()))
        .expect("a step that huffs");
    let mut g2 = g.clone();
    g2.play(step).expect("legal");
    let note = last_move_note(Say::new(En, g2.rules().preset), &g2);
    assert!(
        note.contains("removed (huffed) for failing to capture"),
        "{note}"
    );
    let capture = legal.iter().find(|m| m.is_capture()).expect("a capture");
    let mut g3 = g;
    g3.play(capture).expect("legal");
    assert!(
        last_move_note(Say::new(En, g3.rules().preset), &g3).starts_with("Captured 1 rebel (d5).")
    );
    assert_eq!(
        captured(Say::new(En, g3.rules().preset), &g3),
        "Rebels captured: 1 of 24; the officers win after 15 more."
    );
    // Once the game is over, no more are needed.
    let mut over = g3.clone();
    while over.outcome().is_none() {
        let m = over.legal_moves()[0];
        over.play(&m).expect("legal");
    }
    assert_eq!(
        captured(Say::new(En, over.rules().preset), &over),
        format!(
            "Rebels captured: {} of 24.",
            24 - over.position().attackers().len()
        )
    );
}

#[test]
fn against_the_computer_the_result_says_who_won_to_you() {
    let rules: asalto_core::Rules =
        "assault;attackers=c5,d5,c6,d6,e6,c7,d7,e7,e4;defenders=a4,g4;first=attacker"
            .parse()
            .expect("rules");
    let mut game = Game::new(&rules).expect("game");
    let say = Say::new(En, Preset::Assault);
    assert_eq!(result(say, &game, Some(Side::Attacker)), "");
    game.play_text(&"e4-e5".parse().expect("move text"))
        .expect("fills the fortress");
    let why = outcome(say, Outcome::FortressFilled, 9);
    assert_eq!(
        result(say, &game, Some(Side::Attacker)),
        format!("You won. {why} Rematch to play the defenders.")
    );
    assert_eq!(
        result(say, &game, Some(Side::Defender)),
        format!("You lost. {why} Rematch to play the attackers.")
    );
    assert_eq!(result(say, &game, None), why);
}

#[test]
fn the_goal_names_the_fortress_and_the_captures_needed() {
    let say = Say::new(En, Preset::Assault);
    let goal = goal(say, &Preset::Assault.rules());
    assert!(
        goal.contains("all 9 points") && goal.contains("taking 16 attackers"),
        "{goal}"
    );
    let rules: asalto_core::Rules = "assault;defender-wins-below=0".parse().expect("rules");
    let goal = super::goal(say, &rules);
    assert!(!goal.contains("taking"), "{goal}");
    // One capture is one attacker, not "1 attackers".
    let rules: asalto_core::Rules = "assault;attackers=c5,d5,e5,c6,d6,e6,c7,d7,b4;defenders=a3,g3"
        .parse()
        .expect("rules");
    let goal = super::goal(say, &rules);
    assert!(goal.contains("taking one attacker or"), "{goal}");
}

#[test]
fn every_outcome_names_a_winner_and_a_reason() {
    for o in [
        Outcome::AttackersReduced,
        Outcome::FortressFilled,
        Outcome::DefendersGone,
        Outcome::NoMoves(Side::Attacker),
        Outcome::NoMoves(Side::Defender),
        Outcome::Repetition,
    ] {
        let say = Say::new(En, Preset::Asalto);
        let text = outcome(say, o, 9);
        let winner = o.winner().map_or("Draw", |w| {
            if w == Side::Attacker {
                "Rebels"
            } else {
                "Officers"
            }
        });
        assert!(text.starts_with(winner), "{text}");
    }
}

#[test]
fn points_are_named_with_their_piece_and_what_a_choice_does() {
    let g = game("asalto @c5 @e5 d4-d5");
    let pos = g.position();
    let say = Say::new(En, Preset::Asalto);
    let p = |name: &str| -> Point { name.parse().expect("a point") };
    let targets: PointSet = [p("c5"), p("e5")].into_iter().collect();
    assert_eq!(
        point_label(say, pos, p("c5"), &[], targets),
        "c5, officer, can move"
    );
    assert_eq!(point_label(say, pos, p("d5"), &[], targets), "d5, rebel");
    assert_eq!(point_label(say, pos, p("c6"), &[], targets), "c6, empty");
    let targets: PointSet = [p("c6"), p("d6")].into_iter().collect();
    assert_eq!(
        point_label(say, pos, p("c5"), &[p("c5")], targets),
        "c5, officer, selected"
    );
    assert_eq!(
        point_label(say, pos, p("c6"), &[p("c5")], targets),
        "c6, empty, move here"
    );
    let placing = game("asalto");
    let targets: PointSet = [p("c5")].into_iter().collect();
    assert_eq!(
        point_label(say, placing.position(), p("c5"), &[], targets),
        "c5, empty, place an officer here"
    );
}

#[test]
fn the_last_move_is_said_with_what_it_took() {
    assert_eq!(
        said(
            Say::new(En, game("assault").rules().preset),
            &game("assault")
        ),
        ""
    );
    assert_eq!(
        said(
            Say::new(En, game("assault d4-d5").rules().preset),
            &game("assault d4-d5")
        ),
        "Attackers: d4-d5."
    );
    assert_eq!(
        said(
            Say::new(En, game("assault d4-d5 c5-d4 d5-d6 e5xc7").rules().preset),
            &game("assault d4-d5 c5-d4 d5-d6 e5xc7")
        ),
        "Defenders: e5xc7. Captured 1 attacker (d6)."
    );
    assert_eq!(
        said(
            Say::new(En, game("asalto @c5").rules().preset),
            &game("asalto @c5")
        ),
        "Officers: @c5."
    );
}

#[test]
fn the_invite_line_guides_play_by_link() {
    let mut g = game("asalto @c5 @e5 d4-d5");
    assert_eq!(
        invite(Say::new(En, g.rules().preset), &g, (None, false), None),
        ""
    );
    assert_eq!(
        invite(Say::new(En, g.rules().preset), &g, (Some(3), false), None),
        "Your move as the officers: send the link back when you have played."
    );
    g.play_text(&"c5-c6".parse().expect("move text"))
        .expect("legal");
    assert!(
        invite(Say::new(En, g.rules().preset), &g, (Some(3), false), None).contains("press Send")
    );
    assert!(
        invite(
            Say::new(En, g.rules().preset),
            &g,
            (Some(3), false),
            Some(Copied::Link)
        )
        .starts_with("Link copied")
    );
    assert!(
        invite(
            Say::new(En, g.rules().preset),
            &g,
            (None, false),
            Some(Copied::Reply)
        )
        .contains("your friend")
    );
    assert!(
        invite(
            Say::new(En, g.rules().preset),
            &g,
            (None, false),
            Some(Copied::Refused)
        )
        .contains("would not copy")
    );
    g.undo();
    g.undo();
    assert_eq!(
        invite(Say::new(En, g.rules().preset), &g, (Some(3), false), None),
        "",
        "not while stepping back"
    );
}

/// The status line while the computer plays a side.
mod while_the_computer_plays {
    use super::*;
    use crate::computer::Answer;
    use crate::computer::tests::{choice, moved};
    use Lang::En;
    use asalto_core::Record;
    use asalto_search::Level;

    #[test]
    fn the_computer_line_follows_its_work() {
        let g =
            Game::from_record(&"assault d4-d5".parse::<Record>().expect("record")).expect("legal");
        let mut c = Computer::default();
        assert_eq!(computer_line(Say::new(En, g.rules().preset), &g, &c), "");
        c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
        c.plan(&g);
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Thinking…"
        );
        let id = c.thinking.as_ref().expect("asked").request.id;
        c.answer(
            &g,
            Answer::Progress {
                id,
                depth: 7,
                best: choice("c5-d4"),
            },
        );
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Thinking… looking 7 moves ahead, best so far c5-d4."
        );
        c.paused = true;
        c.thinking = None;
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "The computer is paused."
        );
        let mut c = Computer::default();
        c.ask_hint(&g);
        let id = c.thinking.as_ref().expect("asked").request.id;
        c.answer(&g, moved(id, "e5-e6"));
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Hint: e5-e6."
        );
    }
}
