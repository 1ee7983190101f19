/* Mazerunner's scoring rule in the browser: who takes which point in one pod. A line-for-line copy of
   generator/league/scoring.py (read its notes); both run tests/vectors/mazerunner-games.yml, so change them
   together. `pointsBrought` comes from the exported league data (data/league/mazerunner.json). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var M = (C.mazerunner = C.mazerunner || {});

  function ScoringError(code, message, event) {
    this.name = "ScoringError";
    this.code = code;
    this.message = message;
    this.event = event === undefined ? null : event;
  }
  ScoringError.prototype = Object.create(Error.prototype);

  function Pod(players, brought) {
    this.alive = players.slice();
    this.points = {};
    for (var i = 0; i < players.length; i++) this.points[players[i]] = 0;
    this.brought = brought;
    this.pool = 0;
    this.winner = null;
    this.ended = false;
    this.eliminations = [];
  }

  Pod.prototype.needAlive = function (player, index, role) {
    if (!Object.prototype.hasOwnProperty.call(this.points, player))
      throw new ScoringError("not_in_pod", "event " + (index + 1) + ": " + role + " '" + player + "' is not in this pod", index);
    if (this.alive.indexOf(player) < 0)
      throw new ScoringError("not_in_game", "event " + (index + 1) + ": " + role + " '" + player + "' is no longer in the game", index);
  };

  Pod.prototype.remove = function (players, by, index) {
    for (var i = 0; i < players.length; i++) {
      this.alive.splice(this.alive.indexOf(players[i]), 1);
      this.eliminations.push({ player: players[i], by: by, event: index });
    }
  };

  function given(value) { return value !== undefined && value !== null; }

  function controllerOf(pod, player, controller, index) {
    if (!given(controller)) return player;
    pod.needAlive(controller, index, "controlled_by");
    if (controller === player)
      throw new ScoringError("self_control", "event " + (index + 1) + ": '" + player + "' cannot control their own turn", index);
    return controller;
  }

  function eliminate(pod, event, index) {
    var players = event.eliminated || [], by = event.by, controller = event.controlled_by;
    var distinct = players.filter(function (p, i) { return players.indexOf(p) === i; });
    if (!players.length || distinct.length !== players.length)
      throw new ScoringError("bad_event", "event " + (index + 1) + ": list each eliminated player once", index);
    players.forEach(function (player) { pod.needAlive(player, index, "eliminated player"); });
    if (!given(by)) {
      if (given(controller))
        throw new ScoringError("bad_event", "event " + (index + 1) + ": controlled_by needs a player in 'by'", index);
      pod.pool += pod.brought * players.length;
      pod.remove(players, null, index);
      return;
    }
    pod.needAlive(by, index, "by");
    var actor = controllerOf(pod, by, controller, index);
    players.forEach(function (player) {
      if (player === by) pod.pool += pod.brought;                 // simultaneous loss: the causer's own point
      else if (player === actor) pod.points[by] += pod.brought;   // mind control: not the controller's own point
      else pod.points[actor] += pod.brought;
    });
    pod.remove(players, actor, index);
  }

  function win(pod, event, index) {
    var winner = event.won;
    pod.needAlive(winner, index, "winner");
    var actor = controllerOf(pod, winner, event.controlled_by, index);
    var others = pod.alive.filter(function (p) { return p !== winner && p !== actor; });
    pod.points[actor] += pod.brought * others.length;
    pod.points[winner] += pod.pool + pod.brought * (actor === winner ? 1 : 2);
    pod.pool = 0;
    pod.remove(others, actor, index);
    if (actor !== winner) pod.remove([actor], winner, index);
    pod.winner = winner;
    pod.ended = true;
  }

  function draw(pod, event, index) {
    var player = event.draw_forced_by;
    pod.needAlive(player, index, "draw_forced_by");
    pod.pool += pod.brought;
    pod.remove([player], null, index);
  }

  var KINDS = { eliminated: eliminate, won: win, draw_forced_by: draw };

  function apply(pod, event, index) {
    var kinds = Object.keys(KINDS).filter(function (key) { return given(event[key]); });
    if (kinds.length !== 1)
      throw new ScoringError("bad_event", "event " + (index + 1) + ": needs exactly one of eliminated, won, draw_forced_by", index);
    if (pod.ended) {
      if (kinds[0] === "won" && event.won === pod.winner && !given(event.controlled_by)) return;
      throw new ScoringError("after_end", "event " + (index + 1) + ": the game was already over", index);
    }
    KINDS[kinds[0]](pod, event, index);
    if (!pod.ended && pod.alive.length <= 1) {
      pod.ended = true;
      if (pod.alive.length) {                          // the last player standing wins (a win)
        pod.winner = pod.alive[0];
        pod.points[pod.winner] += pod.pool + pod.brought;
        pod.pool = 0;
      }
    }
  }

  // The same result as scoring.py's GameResult.as_json(); throws a ScoringError for an impossible event.
  M.scoreGame = function (players, events, pointsBrought) {
    var brought = pointsBrought === undefined ? 1 : pointsBrought;
    var twice = players.filter(function (p, i) { return players.indexOf(p) !== i; });
    if (twice.length) throw new ScoringError("bad_pod", "pod: " + twice[0] + " is listed twice", null);
    var pod = new Pod(players, brought);
    for (var i = 0; i < events.length; i++) apply(pod, events[i], i);
    return { points: pod.points, winner: pod.winner, finished: pod.ended, winner_pool: pod.pool,
             in_game: pod.ended ? [] : pod.alive.slice(), eliminations: pod.eliminations };
  };
  M.ScoringError = ScoringError;
})();
