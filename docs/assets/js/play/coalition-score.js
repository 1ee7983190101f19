/* The Coalition match's bookkeeping rules, apart from the page that draws them (coalition-match.js): the match's
   numbers from data/format.json, each player's ranking, the next game's turn order and its ties, a game
   started and finished, and the match result. Plain functions of the saved state: the tracker page calls
   them, and the browser tests call them through C.coalitionMatch. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  // The numbers and the one switch of the match: format.json's `table` block (data/formats/coalition/format.yml).
  function matchNumbers(fmt) {
    var table = fmt.table || {};
    var numbers = {
      life: table.starting_life, points: table.victory_points, games: table.games_per_match,
      players: table.players, forfeits: table.concession_forfeits
    };
    var missing = Object.keys(numbers).filter(function (key) { return numbers[key] === undefined; });
    if (missing.length) throw new Error("data/format.json lacks table." + missing.join(", table.") + " (see data/formats/coalition/format.yml)");
    if (numbers.forfeits !== "game" && numbers.forfeits !== "match") throw new Error("table.concession_forfeits must be game or match");
    return numbers;
  }

  // "Ann", "Ann and Bo", "Ann, Bo and Cy".
  function andList(words) { return words.length < 3 ? words.join(" and ") : words.slice(0, -1).join(", ") + " and " + words[words.length - 1]; }

  function fresh() { return { phase: "setup", count: null, players: [], games: [] }; }

  function inGame(game) {
    return game.seats.filter(function (i) { return game.conceded.indexOf(i) < 0; });
  }

  // The players still in the game: neither conceded nor at 0 life or less (rule 104.3b, which the format keeps).
  // Only they score, may be named its winner or reach the points together, and the last of them wins.
  function standing(game) {
    return inGame(game).filter(function (i) { return game.life[i] > 0; });
  }

  // After a life change or a concession: when one player is left, they win the game (rule 104.2a), which gives
  // them the rest of the points (the format's points_rest rule) as any win does. Returns the winner, else null.
  function settleLast(state, numbers) {
    var game = state.games[state.games.length - 1];
    if (game.result) return null;
    var left = standing(game);
    var last = C.play.lastLeft(game.seats, function (i) { return left.indexOf(i) >= 0; });
    if (last !== null) finishGame(state, numbers, { kind: "win", winner: last, how: "last" });
    return last;
  }

  function concededBefore(state, i) {
    return state.games.some(function (g) { return g.conceded.indexOf(i) >= 0; });
  }

  // What a finished game adds to each player's ranking (cites "ranking"): its points, none for a concession.
  function gamePoints(game, i) {
    if (game.seats.indexOf(i) < 0 || game.conceded.indexOf(i) >= 0) return 0;
    return game.vp[i] || 0;
  }

  function ranking(state, i, numbers) {
    if (numbers.forfeits === "match" && concededBefore(state, i)) return 0;
    return state.games.filter(function (g) { return g.result; })
      .reduce(function (sum, g) { return sum + gamePoints(g, i); }, 0);
  }

  // The next game's turn order (cites "turn_order"): lowest ranking first; ties in seating order until the
  // tied players choose otherwise (chosenOrder).
  function nextOrder(state, numbers) {
    var eligible = state.players.map(function (p, i) { return i; })
      .filter(function (i) { return !concededBefore(state, i); });
    return eligible.sort(function (a, b) { return ranking(state, a, numbers) - ranking(state, b, numbers) || a - b; });
  }

  // The order the tied players settled (cites "turn_order_tie": a random draw, the tracker's or their own coin's),
  // kept in the state as `order` with the draws made (`drawn`: the seed of each tie drawn here). It counts only
  // while it still is the ranking's order with ties rearranged: an undo that changes the ranking voids it.
  function chosenOrder(state, numbers) {
    var base = nextOrder(state, numbers), chosen = state.order;
    if (!chosen || chosen.after !== state.games.length || chosen.seats.length !== base.length) return base;
    var same = chosen.seats.slice().sort().join() === base.slice().sort().join();
    var rising = chosen.seats.every(function (i, k) {
      return k === 0 || ranking(state, chosen.seats[k - 1], numbers) <= ranking(state, i, numbers);
    });
    return same && rising ? chosen.seats.slice() : base;
  }

  // Runs of two or more players with the same ranking in `order`, as lists of positions in it.
  function tiedRuns(state, numbers, order) {
    var runs = [], run = [0];
    for (var k = 1; k <= order.length; k++) {
      if (k < order.length && ranking(state, order[k], numbers) === ranking(state, order[k - 1], numbers)) { run.push(k); continue; }
      if (run.length > 1) runs.push(run);
      run = [k];
    }
    return runs;
  }

  function newGame(state, numbers, seats) {
    var game = { number: state.games.length + 1, seats: seats, life: {}, vp: {}, conceded: [], result: null };
    seats.forEach(function (i) { game.life[i] = numbers.life; game.vp[i] = 0; });
    state.games.push(game);
    state.phase = "game";
  }

  function finishGame(state, numbers, result) {
    var game = state.games[state.games.length - 1];
    if (result.kind === "win") game.vp[result.winner] = numbers.points;     // cites "points_rest": the rest of the points
    game.result = result;
    state.phase = game.number >= numbers.games || nextOrder(state, numbers).length < 2 ? "done" : "between";
  }

  // A player's life at the end of a game, null when they were not in it to its end (not seated, or conceded).
  function lifeAtEnd(game, i) {
    return game.seats.indexOf(i) >= 0 && game.conceded.indexOf(i) < 0 ? game.life[i] : null;
  }

  // The highest ranking of the match and the players who have it: {best, top}.
  function topRanked(state, numbers) {
    var order = state.players.map(function (p, i) { return i; });
    var best = Math.max.apply(null, order.map(function (i) { return ranking(state, i, numbers); }));
    return { best: best, top: order.filter(function (i) { return ranking(state, i, numbers) === best; }) };
  }

  // The match's winners (cites "match_winner"): highest ranking, then highest life in the last game, else a draw.
  function matchResult(state, numbers) {
    var top = topRanked(state, numbers).top;
    if (top.length === 1) return { winners: top, by: "ranking" };
    var last = state.games[state.games.length - 1];
    var lifeOf = function (i) { var life = lifeAtEnd(last, i); return life === null ? -Infinity : life; };
    var most = Math.max.apply(null, top.map(lifeOf));
    var tied = top.filter(function (i) { return lifeOf(i) === most; });
    return { winners: tied, by: tied.length === 1 ? "life" : "draw" };
  }

  // The figures a tie on ranking was broken by (the match winner's tie-breaks): the ranking the top players share, the last
  // game's number, and each of them with their life at its end (null: not in that game to its end, conceded or
  // not seated), highest first. Null when the ranking alone decided.
  function tieFigures(state, numbers) {
    var ranked = topRanked(state, numbers);
    if (ranked.top.length === 1) return null;
    var last = state.games[state.games.length - 1];
    var lives = ranked.top.map(function (i) { return { player: i, life: lifeAtEnd(last, i) }; });
    var sortable = function (row) { return row.life === null ? -Infinity : row.life; };
    lives.sort(function (a, b) { return sortable(b) - sortable(a) || a.player - b.player; });
    return { ranking: ranked.best, game: last.number, lives: lives };
  }

  C.coalitionMatch = {
    matchNumbers: matchNumbers, andList: andList, fresh: fresh, inGame: inGame, standing: standing,
    settleLast: settleLast, concededBefore: concededBefore,
    ranking: ranking, nextOrder: nextOrder, chosenOrder: chosenOrder, tiedRuns: tiedRuns, newGame: newGame,
    finishGame: finishGame, matchResult: matchResult, tieFigures: tieFigures, gamePoints: gamePoints
  };
})();
