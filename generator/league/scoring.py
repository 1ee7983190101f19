"""Rule 4d of Mazerunner: who takes which point in one pod.

Each player brings `points_brought` (one) to the pod. Events are replayed in the order they happened:

- `{eliminated: [X, ...], by: Y}`: Y takes each eliminated player's point (4d). `by: null`: the game itself
  eliminated them and their points go to the winner pool (4d-ii). When Y is among the eliminated (a
  simultaneous loss Y caused, 4d-vi), Y still takes the others' points and Y's own point goes to the winner
  pool, which nobody takes when nobody is left.
- `controlled_by: Z` on an elimination: Z controlled Y's actions and takes the points instead (4d-iii), except
  Z's own point, which goes to Y.
- `{draw_forced_by: C}`: C forced a draw and loses; C's own point goes to the winner pool, the points C had
  taken stay with C (4d-v).
- `{won: W}`: W takes the winner pool and the point of every player still in the game, W's own included
  (4d-i). `controlled_by: Z` (Z made W win directly, 4d-iii): Z takes the points of the other players still
  in, and W takes the pool, W's own point and Z's.
- When one player is left they have won and take the pool and their own point, without a `won` event.

The browser's copy (docs/assets/js/play/mazerunner-score.js) runs the same test vectors
(tests/vectors/mazerunner-games.yml); a change here needs the same change there.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class ScoringError(ValueError):
    """An event that cannot happen in this game. `code` names the problem for both implementations;
    `event` is the index of the event (None for the pod itself)."""

    def __init__(self, code: str, message: str, event: int | None = None):
        super().__init__(message)
        self.code = code
        self.event = event


@dataclass
class GameResult:
    points: dict[str, int]
    winner: str | None
    finished: bool
    winner_pool: int                    # points still in the pool (only when unfinished or nobody is left)
    in_game: list[str]                  # players not eliminated when the events end (unfinished games)
    eliminations: list[dict] = field(default_factory=list)   # {"player", "by", "event"} in order

    def as_json(self) -> dict:
        return {"points": self.points, "winner": self.winner, "finished": self.finished,
                "winner_pool": self.winner_pool, "in_game": self.in_game, "eliminations": self.eliminations}


@dataclass
class _Pod:
    alive: list[str]
    points: dict[str, int]
    brought: int
    pool: int = 0
    winner: str | None = None
    ended: bool = False
    eliminations: list[dict] = field(default_factory=list)

    def need_alive(self, player: str, index: int, role: str) -> None:
        if player not in self.points:
            raise ScoringError("not_in_pod", f"event {index + 1}: {role} '{player}' is not in this pod", index)
        if player not in self.alive:
            raise ScoringError("not_in_game", f"event {index + 1}: {role} '{player}' is no longer in the game",
                               index)

    def remove(self, players: list[str], by: str | None, index: int) -> None:
        for player in players:
            self.alive.remove(player)
            self.eliminations.append({"player": player, "by": by, "event": index})


def _eliminate(pod: _Pod, event: dict, index: int) -> None:
    players, by, controller = event["eliminated"], event.get("by"), event.get("controlled_by")
    if not players or len(set(players)) != len(players):
        raise ScoringError("bad_event", f"event {index + 1}: list each eliminated player once", index)
    for player in players:
        pod.need_alive(player, index, "eliminated player")
    if by is None:
        if controller is not None:
            raise ScoringError("bad_event", f"event {index + 1}: controlled_by needs a player in 'by'", index)
        pod.pool += pod.brought * len(players)
        pod.remove(players, None, index)
        return
    pod.need_alive(by, index, "by")
    actor = _controller(pod, by, controller, index)
    for player in players:
        if player == by:
            pod.pool += pod.brought           # 4d-vi: the causer's own point
        elif player == actor:
            pod.points[by] += pod.brought     # 4d-iii: the controller cannot take their own point
        else:
            pod.points[actor] += pod.brought
    pod.remove(players, actor, index)


def _controller(pod: _Pod, player: str, controller: str | None, index: int) -> str:
    if controller is None:
        return player
    pod.need_alive(controller, index, "controlled_by")
    if controller == player:
        raise ScoringError("self_control", f"event {index + 1}: '{player}' cannot control their own turn", index)
    return controller


def _win(pod: _Pod, event: dict, index: int) -> None:
    winner, controller = event["won"], event.get("controlled_by")
    pod.need_alive(winner, index, "winner")
    actor = _controller(pod, winner, controller, index)
    others = [player for player in pod.alive if player not in (winner, actor)]
    pod.points[actor] += pod.brought * len(others)
    taken = pod.pool + pod.brought * (1 if actor == winner else 2)
    pod.points[winner] += taken
    pod.pool = 0
    pod.remove(others, actor, index)
    if actor != winner:
        pod.remove([actor], winner, index)
    pod.winner, pod.ended = winner, True


def _draw(pod: _Pod, event: dict, index: int) -> None:
    player = event["draw_forced_by"]
    pod.need_alive(player, index, "draw_forced_by")
    pod.pool += pod.brought
    pod.remove([player], None, index)


def _apply(pod: _Pod, event: dict, index: int) -> None:
    kinds = [key for key in ("eliminated", "won", "draw_forced_by") if key in event]
    if len(kinds) != 1:
        raise ScoringError("bad_event", f"event {index + 1}: needs exactly one of eliminated, won, "
                           "draw_forced_by", index)
    if pod.ended:
        if kinds == ["won"] and event["won"] == pod.winner and not event.get("controlled_by"):
            return  # the last player standing, recorded as the winner too: nothing more to hand out
        raise ScoringError("after_end", f"event {index + 1}: the game was already over", index)
    {"eliminated": _eliminate, "won": _win, "draw_forced_by": _draw}[kinds[0]](pod, event, index)
    if not pod.ended and len(pod.alive) <= 1:
        pod.ended = True
        if pod.alive:                          # the last player standing wins (4d-i)
            pod.winner = pod.alive[0]
            pod.points[pod.winner] += pod.pool + pod.brought
            pod.pool = 0


def listed_twice(pod_players: list[str]) -> str | None:
    """"pod: B is listed twice" for the first player a pod names again, else None: the tracker's words (its twin
    in mazerunner-score.js) and the season file's check (season.py check_pod) alike."""
    twice = next((player for n, player in enumerate(pod_players) if player in pod_players[:n]), None)
    return None if twice is None else f"pod: {twice} is listed twice"


def score_game(pod_players: list[str], events: list[dict], points_brought: int = 1) -> GameResult:
    """Replay one game's events; raises ScoringError naming the first impossible event."""
    twice = listed_twice(pod_players)
    if twice:
        raise ScoringError("bad_pod", twice)
    pod = _Pod(alive=list(pod_players), points={player: 0 for player in pod_players}, brought=points_brought)
    for index, event in enumerate(events):
        _apply(pod, event, index)
    return GameResult(points=pod.points, winner=pod.winner, finished=pod.ended, winner_pool=pod.pool,
                      in_game=[] if pod.ended else list(pod.alive), eliminations=pod.eliminations)
