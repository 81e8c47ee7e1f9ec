"""Computer players: legal, seeded, blind to hidden tiles, team players; hints in five
languages."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from enum import Enum

import pytest
from engine_helpers import RULE_CASES

from engine.core.errors import DominoError
from engine.core.kernel import BIT, VALUE_MASK, to_mask
from engine.core.layout import End
from engine.core.rules import Rules
from engine.core.state import Move, Observation, RoundState
from engine.core.tiles import ALL_TILES, Tile
from engine.core.words import strings
from engine.lang import LANGUAGES
from engine.players import (
    LEVELS,
    Beginner,
    Club,
    Expert,
    Fact,
    Player,
    Sampler,
    Search,
    distinct_moves,
    features,
    hint,
    knowledge,
    level_name,
    make_player,
    play_match,
    play_round,
)
from engine.players.solver import solve

# The tests of every rule set play them all in the full run (RULE_CASES); the fast tier
# plays engine_helpers.FAST_RULE_CONFIGS, every preset, player count and option once.


def small_expert(seed: int = 0) -> Expert:
    """An Expert with a small budget and no clock: fast and fully deterministic."""
    return Expert(seed=seed, work=1500, time_limit=None)


def random_position(
    rules: Rules, players: int, seed: int, plies: int | None = None
) -> tuple[RoundState, list[Move]]:
    """A round dealt from ``seed`` after some random moves (the first round in
    ``block-dk``, so the highest-double lead is covered too)."""
    rng = random.Random(seed)
    state = RoundState.new(rules, players, rng=rng, first_round=seed % 2 == 0)
    moves: list[Move] = []
    target = rng.randrange(0, 14) if plies is None else plies
    while not state.is_terminal and len(moves) < target:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move)
    return state, moves


class Checked:
    """Wraps a player; asserts each move is legal for the observation it was given."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.moves = 0

    def __call__(self, obs: Observation) -> Move:
        move = self.player(obs)
        assert move in obs.legal_moves(), (move, obs)
        self.moves += 1
        return move


# -- legal moves and knowledge --------------------------------------------------------


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_legal_moves_of_an_observation_are_the_states(preset, options, players):
    rules = Rules.make(preset, **options)
    for seed in range(25):
        state, _ = random_position(rules, players, seed, plies=0)
        while not state.is_terminal:
            for seat in range(players):
                obs = state.observation(seat)
                expected = state.legal_moves() if seat == state.current_player else []
                assert obs.legal_moves() == expected
            moves = distinct_moves(state.observation(state.current_player or 0))
            assert moves and set(moves) <= set(state.legal_moves())
            state.apply(random.Random(seed).choice(state.legal_moves()))


def test_distinct_moves_drop_placements_that_leave_the_same_line():
    rules = Rules.make("block")
    hands = [
        [Tile.parse(c) for c in ["3-3", "1-3", "0-0", "0-1", "2-4", "2-2", "4-4"]],
        [Tile.parse(c) for c in ["3-5", "3-6", "5-5", "6-6", "1-1", "1-2", "1-4"]],
    ]
    state = RoundState(rules, 2, 0, hands)
    state.apply(Move(Tile.of(3, 3)))
    state.apply(Move(Tile.of(3, 5), End.RIGHT))  # ends 3 and 5
    obs = state.observation(0)
    assert [str(m) for m in obs.legal_moves()] == ["1-3@left"]
    state2 = RoundState(rules, 2, 0, hands)
    state2.apply(Move(Tile.of(3, 3)))  # ends 3 and 3
    obs2 = state2.observation(1)
    moves2 = [str(m) for m in obs2.legal_moves()]
    assert moves2 == ["3-5@left", "3-5@right", "3-6@left", "3-6@right"]
    assert [str(m) for m in distinct_moves(obs2)] == ["3-5@left", "3-6@left"]


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_knowledge_never_contradicts_the_hidden_truth(preset, options, players):
    rules = Rules.make(preset, **options)
    inferred = 0
    for seed in range(40):
        state, _ = random_position(rules, players, seed, plies=0)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            know = knowledge(state.observation(seat))
            hands = [to_mask(h) for h in state.hands]
            assert know.mine == hands[seat]
            hidden = to_mask([t for s, h in enumerate(state.hands) if s != seat for t in h])
            stock = know.unseen & ~hidden
            assert stock.bit_count() == know.stock_size
            assert to_mask(state.boneyard) & ~stock == 0
            for p in range(players):
                assert know.void[p] & hands[p] == 0, (p, know)
                for mask, k in know.limits[p]:
                    assert (hands[p] & mask).bit_count() <= k
                for v in know.void_values[p]:
                    assert not hands[p] & VALUE_MASK[v]
                inferred += bool(know.void[p])
            world, pile = Sampler(know).deal(rng)
            assert world[seat] == hands[seat]
            assert sum(h.bit_count() for h in world) == sum(know.hand_sizes)
            assert [h.bit_count() for h in world] == list(know.hand_sizes)
            union = 0
            for p, h in enumerate(world):
                assert union & h == 0
                union |= h
                if p != seat:
                    assert h & know.void[p] == 0
                    assert all((h & m).bit_count() <= k for m, k in know.limits[p])
            # The sampled boneyard holds as many tiles as the real one: none in games
            # without drawing (the rest are set aside, never drawn).
            assert len(pile) == state.boneyard_size
            table = to_mask(state.layout.tiles)
            assert not (union | table) & sum(BIT[t] for t in pile)
            if rules.draw:
                assert union | table | sum(BIT[t] for t in pile) == (1 << 28) - 1
            state.apply(rng.choice(state.legal_moves()))
    assert inferred > 0


def test_a_first_lead_in_block_dk_shows_that_no_higher_tile_was_dealt():
    rules = Rules.make("block-dk")
    below_top = 0
    for seed in range(6):
        state = RoundState.new(rules, 3, rng=seed, first_round=True)
        opening = state.opening
        assert opening is not None
        state.apply(Move(opening))
        seat = state.current_player
        assert seat is not None
        know = knowledge(state.observation(seat))

        def key(t: Tile) -> tuple[int, int, int]:
            return (t.is_double, t.pips, t.high)

        higher = to_mask([t for t in ALL_TILES if key(t) > key(opening)])
        for p in range(3):
            assert to_mask(state.hand(p)) & higher == 0  # the deal agrees
            if p != seat:
                assert know.void[p] & higher == higher
        below_top += opening != Tile.of(6, 6)
    # [6|6] outranks everything: some of the deals must open lower to show the inference.
    assert below_top >= 2


# -- every level, every preset --------------------------------------------------------


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_every_level_plays_only_legal_moves(preset, options, players):
    rules = Rules.make(preset, **options)
    for seed in range(3):
        levels = [LEVELS[(seed + s) % 3] for s in range(players)]
        seats = [
            Checked(small_expert(seed) if lv == "expert" else make_player(lv, seed=seed))
            for lv in levels
        ]
        state, _ = random_position(rules, players, seed, plies=0)
        result = play_round(state, seats)
        assert state.is_terminal and result.winner in (None, *range(rules.sides(players)))
        # Every tile on the table was chosen by its seat's player, each asked once a move.
        plays = [
            sum(e.kind == "play" and e.seat == i for e in state.events) for i in range(players)
        ]
        assert [s.moves for s in seats] == plays
        assert sum(plays) == len(state.layout.tiles) > 0


def test_a_whole_match_between_levels_ends_with_a_winner_or_a_draw():
    rules = Rules.make("block-dk", partnerships=True, target=61)
    seats: list[Player] = [small_expert(1), Club(), small_expert(2), Beginner(seed=3)]
    match = play_match(rules, seats, seed=5)
    assert match.is_over
    assert max(match.totals) >= 61
    assert match.outcome.drawn or match.outcome.winner in (0, 1)


def test_a_player_given_a_position_where_it_is_not_to_play_raises():
    state, _ = random_position(Rules.make("block"), 2, 3, plies=2)
    other = 1 - (state.current_player or 0)
    for player in (Beginner(), Club(), small_expert()):
        with pytest.raises(DominoError):
            player(state.observation(other))


def test_play_round_rejects_an_illegal_move():
    def cheat(obs: Observation) -> Move:
        return Move(Tile.of(6, 6) if Tile.of(6, 6) not in obs.hand else Tile.of(0, 0))

    state, _ = random_position(Rules.make("block"), 2, 1, plies=1)
    with pytest.raises(DominoError):
        play_round(state, [cheat, cheat])


def test_make_player_and_level_names():
    assert isinstance(make_player("beginner", seed=2), Beginner)
    assert isinstance(make_player("club"), Club)
    assert isinstance(make_player("expert", seed=2), Expert)
    with pytest.raises(ValueError):
        make_player("grandmaster")
    names = {lang: [level_name(lv, lang) for lv in LEVELS] for lang in LANGUAGES}
    assert names["en"] == ["Beginner", "Club", "Expert"]
    assert all(len(set(v)) == 3 for v in names.values())


# -- seeds ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_player_plays_the_same_match_twice(level):
    rules = Rules.make("all-fives")

    def seats() -> list[Player]:
        if level == "expert":
            return [small_expert(4), Club(), small_expert(5)]
        return [make_player(level, seed=4), Club(), make_player(level, seed=5)]

    records = []
    for _ in range(2):
        log: list[list[str]] = []

        def keep(state: RoundState, log: list[list[str]] = log) -> None:
            log.append([str(e.tile) for e in state.events if e.tile])

        match = play_match(rules, seats(), seed=11, on_round=keep)
        records.append((match.totals, log))
    assert records[0] == records[1]


def test_beginner_seeds_change_its_choices():
    rules = Rules.make("block")
    choices = set()
    state, _ = random_position(rules, 2, 9, plies=0)
    obs = state.observation(state.current_player or 0)
    for seed in range(12):
        choices.add(Beginner(seed=seed)(obs))
    assert len(choices) > 1


def test_choices_do_not_depend_on_earlier_calls():
    rules = Rules.make("draw")
    positions = [random_position(rules, 3, s)[0] for s in range(6)]
    observations = [p.observation(p.current_player or 0) for p in positions if not p.is_terminal]
    for make in (lambda: Beginner(seed=1), Club, lambda: small_expert(1)):
        forward = [make()(o) for o in observations]
        player = make()
        backward = [player(o) for o in reversed(observations)]
        assert forward == backward[::-1]


# -- information sets ------------------------------------------------------------------


def draws_possible(rules: Rules, players: int) -> bool:
    return rules.draw and rules.stock_size(players) > 0


def unseen_by(state: RoundState, seat: int) -> set[Tile]:
    """The tiles ``seat`` has never seen: every tile but its hand, the table's and the
    opening tile the rules name (its holder must lead it)."""
    return set(ALL_TILES) - set(state.hand(seat)) - set(state.layout.tiles) - {state.opening}


def others_draws(state: RoundState, seat: int) -> list[Tile | None]:
    """The tiles the other seats drew, in order: what ``seat`` must not see."""
    return [e.tile for e in state.events if e.kind == "draw" and e.seat != seat]


def holds_a_drawn_tile(state: RoundState, seat: int) -> bool:
    """Whether another seat holds a tile it drew (``seat`` saw the draw, not the tile)."""
    return bool(set(others_draws(state, seat)) & unseen_by(state, seat))


def public_view(state: RoundState, seat: int) -> tuple[object, ...]:
    """What ``seat`` may know, read from the state itself rather than from its
    observation: its hand, the table, how many tiles each hand and the boneyard hold,
    and every event, but not the tile of another seat's draw."""
    events = tuple(
        (e.kind, e.seat, None if e.kind == "draw" and e.seat != seat else e.tile, e.end)
        for e in state.events
    )
    sizes = tuple(len(h) for h in state.hands)
    return (
        state.hand(seat),
        state.layout,
        sizes,
        len(state.boneyard),
        events,
        state.current_player,
        state.opening,
    )


def tiles_in(obj: object) -> set[Tile]:
    """Every tile reachable from ``obj`` through its attributes and containers."""
    found: set[Tile] = set()
    visited: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Tile):
            found.add(x)
            continue
        if x is None or isinstance(x, (str, bytes, int, float, Enum, type)) or id(x) in visited:
            continue
        visited.add(id(x))
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        else:
            stack.extend(getattr(x, "__dict__", {}).values())
            for klass in type(x).__mro__:
                slots = klass.__dict__.get("__slots__", ())
                for name in (slots,) if isinstance(slots, str) else slots:
                    stack.append(getattr(x, name, None))
    return found


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_an_observation_shows_no_tile_its_seat_has_not_seen(preset, options, players):
    rules = Rules.make(preset, **options)
    hidden_draws = 0
    for seed in range(12):
        state, _ = random_position(rules, players, seed, plies=0)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                obs = state.observation(seat)
                assert sorted(obs.hand) == state.hand(seat)
                assert list(obs.hand_sizes) == [len(h) for h in state.hands]
                assert obs.boneyard_size == len(state.boneyard)
                assert not tiles_in(obs) & unseen_by(state, seat), seat
                assert len(obs.events) == len(state.events)
                for seen, e in zip(obs.events, state.events, strict=True):
                    assert (seen.kind, seen.seat, seen.end) == (e.kind, e.seat, e.end)
                    if e.kind == "draw" and e.seat != seat:
                        assert seen.tile is None, (seat, e)
                        hidden_draws += 1
                    else:
                        assert seen.tile == e.tile, (seat, e)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_moves()))
    # Draw games have draws by other seats to hide (a 4 x 7 deal leaves no boneyard).
    assert (hidden_draws > 0) == draws_possible(rules, players)


def twin(
    state: RoundState, moves: list[Move], seat: int, rng: random.Random, *, redraw: bool = False
) -> RoundState | None:
    """A state with the public view ``seat`` has of ``state`` but other hidden tiles, or
    ``None`` if 500 tries find none.

    Tiles ``seat`` has not seen trade places between the other hands as dealt and the
    stock (the boneyard in drawing order, or the tiles set aside); the moves are played
    again. With ``redraw`` the first trade moves a tile that another seat drew and
    still holds, so that seat draws another tile in the twin."""
    drawn = [e.tile for e in state.events if e.kind == "draw"]
    unseen = unseen_by(state, seat)
    dealt = {t for h in state.dealt for t in h}
    stock = [*drawn, *state.boneyard] if state.rules.draw else sorted(set(ALL_TILES) - dealt)
    places = [list(h) for h in state.dealt] + [stock]
    free = [(p, i) for p, row in enumerate(places) for i, t in enumerate(row) if t in unseen]
    redrawable = [(state.players, i) for i, t in enumerate(drawn) if t in unseen]
    if redraw and not redrawable:
        return None
    view = public_view(state, seat)
    for _ in range(500):
        rows = [list(r) for r in places]
        for k in range(rng.randrange(1, 4)):
            if redraw and k == 0:
                a = rng.choice(redrawable)
                (p, i), (q, j) = a, rng.choice([f for f in free if f != a])
            else:
                (p, i), (q, j) = rng.sample(free, 2)
            rows[p][i], rows[q][j] = rows[q][j], rows[p][i]
        try:
            other = RoundState(
                state.rules,
                state.players,
                state.leader,
                rows[:-1],
                rows[-1] if state.rules.draw else (),
                first_round=state.opening is not None,
            )
            for m in moves:
                other.apply(m)
        except DominoError:
            continue
        if public_view(other, seat) != view or other.hands == state.hands:
            continue
        if redraw and others_draws(other, seat) == others_draws(state, seat):
            continue
        return other
    return None


def drawn_tile_position(
    rules: Rules, players: int, seed: int
) -> tuple[RoundState, list[Move]] | None:
    """A position of a random round in which the player to move has a choice and
    another seat holds a tile it drew, or ``None``."""
    rng = random.Random(seed)
    state = RoundState.new(rules, players, rng=rng, first_round=seed % 2 == 0)
    moves: list[Move] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if (
            holds_a_drawn_tile(state, seat)
            and len(distinct_moves(state.observation(seat))) >= 2
            and rng.random() < 0.5
        ):
            return state, moves
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move)
    return None


@pytest.mark.parametrize(("preset", "options", "players"), RULE_CASES)
def test_players_choose_alike_in_states_their_seat_cannot_tell_apart(preset, options, players):
    """Twins differ in the hidden hands and, in draw games, in the tiles other seats
    drew: a player that peeks at either would choose differently sometimes."""
    rules = Rules.make(preset, **options)
    drawing = draws_possible(rules, players)
    rng = random.Random(1)
    wanted = 4
    checked = redrawn = 0
    for seed in range(80):
        found = drawn_tile_position(rules, players, seed) if drawing else None
        if drawing and found is None:
            continue
        state, moves = found or random_position(rules, players, seed)
        seat = state.current_player
        if seat is None or len(distinct_moves(state.observation(seat))) < 2:
            continue
        other = twin(state, moves, seat, rng, redraw=True) if drawing else None
        other = other or twin(state, moves, seat, rng)
        if other is None:
            continue
        redrawn += others_draws(other, seat) != others_draws(state, seat)
        assert other.observation(seat) == state.observation(seat)
        makers: list[Callable[[], Player]] = [
            lambda seed=seed: Beginner(seed=seed),
            Club,
            lambda seed=seed: small_expert(seed),
        ]
        for make in makers:
            a, b = make(), make()
            assert a(state.observation(seat)) == b(other.observation(seat))
        assert hint(state, expert=small_expert(seed)) == hint(other, expert=small_expert(seed))
        checked += 1
        if checked == wanted:
            break
    assert checked == wanted
    # In draw games most twins differ in what other seats drew, not only in their hands.
    assert redrawn >= (wanted - 1 if drawing else 0)


# -- partnerships -------------------------------------------------------------------------


def partner_position(partnerships: bool) -> RoundState:
    """Seat 2 has passed on 1 and 4; seat 0 holds [4|6] against ends 6 and 4.

    [4|6] at the left leaves 4 and 4 (the partner cannot follow), at the right 6 and 6.
    """
    t = Tile.of
    hands = [
        [t(3, 4), t(4, 6), t(0, 0), t(0, 2), t(2, 2)],
        [t(1, 3), t(5, 5), t(0, 5), t(2, 5), t(3, 5)],
        [t(6, 6), t(2, 6), t(3, 3), t(0, 6), t(3, 6)],
        [t(1, 6), t(1, 1), t(0, 1), t(1, 2), t(2, 3)],
    ]
    state = RoundState(Rules.make("block-dk", partnerships=partnerships), 4, 0, hands)
    state.apply(Move(t(3, 4)))
    state.apply(Move(t(1, 3), End.LEFT))  # ends 1 and 4: seat 2 passes
    assert state.events[-1].kind == "pass" and state.events[-1].seat == 2
    state.apply(Move(t(1, 6), End.LEFT))  # ends 6 and 4
    assert state.current_player == 0
    return state


def test_club_does_not_shut_out_its_partner():
    alone = partner_position(False).observation(0)
    team = partner_position(True).observation(0)
    assert knowledge(team).void_values[2] == {1, 4}
    left, right = Move(Tile.of(4, 6), End.LEFT), Move(Tile.of(4, 6), End.RIGHT)
    assert team.legal_moves() == [left, right]
    assert features(team, left).partner_shut and not features(team, right).partner_shut
    assert not features(alone, left).partner_shut
    assert Club()(alone) == left  # equal otherwise: the first placement
    assert Club()(team) == right


def test_expert_plays_for_the_team():
    team = partner_position(True).observation(0)
    alone = partner_position(False).observation(0)
    left, right = Move(Tile.of(4, 6), End.LEFT), Move(Tile.of(4, 6), End.RIGHT)

    def gain(search: Search) -> float:
        """How much better [4|6] at the right scores than at the left."""
        means = dict(zip(search.moves, search.means, strict=True))
        return means[right] - means[left]

    for seed in range(3):
        expert = Expert(seed=seed, work=6000, time_limit=None)
        assert expert(team) == right
        # The right end is worth more when seat 2, whom the left end shuts out, is the
        # partner than when it is an opponent.
        assert gain(expert.search(team)) > gain(expert.search(alone))


# -- hints ------------------------------------------------------------------------------


def test_every_hint_string_exists_in_every_language_with_the_same_fields():
    english = {k: v for k, v in strings("en").items() if k.startswith(("hint.", "level."))}
    assert len(english) > 15
    for lang in LANGUAGES:
        table = strings(lang)
        for key, text in english.items():
            assert key in table, (lang, key)
            fields = re.compile(r"{(\w+)(?::[^}]*)?}")  # a plural field names its count too
            assert set(fields.findall(table[key])) == set(fields.findall(text)), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hint_gives_the_experts_move_and_a_reason(lang):
    rules = Rules.make("block")
    for seed in range(4):
        state, _ = random_position(rules, 2, seed, plies=4)
        seat = state.current_player
        assert seat is not None
        given = hint(state, lang, expert=small_expert(7))
        assert given.seat == seat
        assert given.move == small_expert(7)(state.observation(seat))
        assert given.move in state.legal_moves()
        assert str(given.move.tile) in given.text
        assert "{" not in given.text and given.text.endswith(".")
        assert given.text == given.in_language(lang)
        assert len({given.in_language(other) for other in LANGUAGES}) == len(LANGUAGES)
        assert hint(state.observation(seat), lang, expert=small_expert(7)) == given


def test_hint_tells_what_the_opponent_has_shown():
    # Seat 1 passes on 6 and 2; seat 0 plays [6|6], leaving 2 and 6 open: shut out.
    t = Tile.of
    hands = [
        [t(2, 6), t(5, 6), t(6, 6), t(0, 0), t(1, 1), t(0, 1), t(4, 4)],
        [t(0, 3), t(3, 3), t(3, 4), t(1, 3), t(0, 4), t(1, 4), t(3, 5)],
    ]
    state = RoundState(Rules.make("block"), 2, 0, hands)
    state.apply(Move(t(2, 6)))  # seat 1 has no 2 or 6: passes
    assert [e.kind for e in state.events] == ["play", "pass"]
    for seed in range(4):
        assert hint(state, expert=small_expert(seed)).move == Move(t(6, 6), End.RIGHT)
    given = hint(state, "en", expert=small_expert(1))
    keys = [f.key for f in given.facts]
    assert "hint.lacks.opponent" in keys or "hint.shut.opponent" in keys
    texts = {lang: given.in_language(lang) for lang in LANGUAGES}
    assert texts["en"].startswith(f"Play {given.move.tile}")
    assert "your opponent has shown" in texts["en"]
    assert "votre adversaire a montré" in texts["fr"]
    assert "przeciwnik pokazał" in texts["pl"]
    assert "Dein Gegner hat gezeigt" in texts["de"]
    assert "det har vist sig, at din modstander" in texts["da"]


def test_hint_with_one_move_says_so():
    t = Tile.of
    hands = [
        [t(5, 5), t(0, 1), t(1, 2), t(2, 2), t(0, 0), t(0, 2), t(1, 1)],
        [t(3, 5), t(6, 6), t(3, 6), t(4, 6), t(2, 6), t(3, 3), t(4, 4)],
    ]
    state = RoundState(Rules.make("block"), 2, 0, hands)
    state.apply(Move(t(5, 5)))  # seat 1 holds one tile that fits: [3|5]
    given = hint(state, "en", expert=small_expert())
    assert given.move.tile == t(3, 5)
    assert given.facts[0].key == "hint.only"
    assert given.text.startswith("Play [3|5] on the left end: it is your only legal move")


def test_all_fives_hints_count_points():
    t = Tile.of
    hands = [
        [t(5, 5), t(0, 1), t(1, 2), t(2, 2), t(0, 0), t(0, 2), t(1, 1)],
        [t(0, 5), t(6, 6), t(3, 6), t(4, 6), t(2, 6), t(3, 3), t(4, 4)],
    ]
    state = RoundState(Rules.make("all-fives"), 2, 0, hands, _rest(hands))
    state.apply(Move(t(5, 5)))  # [0|5] on the spinner keeps the count at 10
    given = hint(state, "pl", expert=small_expert())
    assert given.move.tile == t(0, 5)
    assert given.facts[0] == Fact("hint.points", {"points": 10})
    assert "zdobywasz nim 10 punktów" in given.text
    assert "scores 10 points" in given.in_language("en")


def _rest(hands: list[list[Tile]]) -> list[Tile]:
    held = {t for h in hands for t in h}
    return [t for t in (Tile.of(a, b) for a in range(7) for b in range(a, 7)) if t not in held]


def test_hint_refuses_an_unknown_language_and_a_finished_round():
    state, _ = random_position(Rules.make("block"), 2, 2, plies=1)
    with pytest.raises(DominoError):
        hint(state, "xx")
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
    with pytest.raises(DominoError):
        hint(state, "en")


# -- strength: scripts/bench_strength.py measures how the levels score against each other
# (tests/test_strength.py checks its figures, in the strength tier); a quick round with
# each level stays here: test_every_level_plays_only_legal_moves.


# -- the Expert's exact search ---------------------------------------------------------


def _read_positions(count: int) -> list[RoundState]:
    """Two-player Draw positions, the boneyard drawn out, with a choice to make: the
    unseen tiles are exactly the other hand, so the seat to move can read every deal."""
    rules = Rules.make("draw")
    found = []
    for seed in range(400):
        state = _first_position(rules, 2, seed, lambda obs: obs.boneyard_size == 0)
        if state is not None:
            found.append(state)
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


def _first_position(
    rules: Rules, players: int, seed: int, wanted: Callable[[Observation], bool]
) -> RoundState | None:
    """The first position of a seeded round of random play whose seat to move has a
    choice to make and an observation ``wanted`` holds for, or ``None``."""
    rng = random.Random(seed)
    state = RoundState.new(rules, players, rng=seed)
    while not state.is_terminal:
        obs = state.observation(state.current_player)
        if wanted(obs) and len(distinct_moves(obs)) > 1:
            return state
        state.apply(rng.choice(state.legal_moves()))
    return None


def test_the_expert_solves_exactly_a_position_its_seat_can_read():
    for state in _read_positions(6):
        obs = state.observation(state.current_player)
        expert = Expert(seed=3, time_limit=None, solve_spread=None)
        found = expert.search(obs)
        solution = solve(state)
        assert found.solved
        # Every deal is the real one: each move's mean is its exact value.
        for move, mean in zip(found.moves, found.means, strict=True):
            assert mean == pytest.approx(solution.value_of(move))
        assert found.moves[found.best] in solution.best


def test_the_experts_spread_counts_a_move_far_behind_as_the_best_less_the_spread():
    seen = 0
    for state in _read_positions(12):
        obs = state.observation(state.current_player)
        found = Expert(seed=3, time_limit=None, solve_spread=5).search(obs)
        solution = solve(state)
        for move, mean in zip(found.moves, found.means, strict=True):
            exact = solution.value_of(move)
            assert mean == pytest.approx(max(exact, solution.value - 5))
            seen += exact < solution.value - 5
    assert seen  # some move was far enough behind to be cut short


def test_the_expert_plays_out_a_deal_too_big_to_solve_as_it_did_without_the_solver():
    # The first moves of a four-player round: far too many deals for the solver's budget.
    rules = Rules.make("block-dk", partnerships=True, hand_size=7)
    for seed in range(3):
        state = RoundState.new(rules, 4, rng=seed, first_round=True)
        state.apply(state.legal_moves()[0])
        obs = state.observation(state.current_player)
        with_solver = Expert(seed=seed, time_limit=None, work=3000)
        without = Expert(seed=seed, time_limit=None, work=3000, solve_nodes=0)
        found = with_solver.search(obs)
        assert not found.solved
        assert found == without.search(obs)


@pytest.mark.parametrize(
    ("preset", "options", "players", "solves"),
    [
        ("block", {}, 3, False),
        ("block", {}, 4, False),
        ("all-fives", {}, 3, False),
        ("block-dk", {"partnerships": True}, 4, True),
        ("block", {}, 2, True),
    ],
)
def test_the_expert_solves_deals_only_with_two_sides(
    preset: str, options: dict[str, bool], players: int, solves: bool
) -> None:
    # With three or four individual players the solver's values would take the others
    # for one team: the Expert plays every deal out, as with the solver off.
    rules = Rules.make(preset, **options)
    seen = 0
    for seed in range(40):
        # Late in the round: at most 8 tiles in hands.
        state = _first_position(rules, players, seed, lambda obs: sum(obs.hand_sizes) <= 8)
        if state is None:
            continue
        obs = state.observation(state.current_player)
        found = Expert(seed=seed, time_limit=None, work=3000).search(obs)
        assert found.solved is solves
        if not solves:
            without = Expert(seed=seed, time_limit=None, work=3000, solve_nodes=0)
            assert found == without.search(obs)
        seen += 1
        if seen == 4:
            return
    raise AssertionError("too few late positions")


def test_the_experts_solved_deals_are_at_least_min_solved():
    rules = Rules.make("block")
    solved = 0
    for seed in range(30):
        state, _ = random_position(rules, 2, seed, plies=6 + seed % 6)
        if state.is_terminal:
            continue
        obs = state.observation(state.current_player)
        expert = Expert(seed=seed, time_limit=None, solve_nodes=3000, min_solved=10)
        found = expert.search(obs)
        if found.solved:
            solved += 1
            # Each deal may take at most 3000 // 10 positions: ten of them fit.
            assert found.samples >= 10
    assert solved
