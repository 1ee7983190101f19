/* The unaffiliated pool page: thousands of cards would make one HTML page far too heavy, so the page ships
   empty and the table is built here from data/pools/shared.json (which cards) and data/cards.json (their
   facts), grouped by card type, then made filterable and sortable like every other table. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // Mana value from the cost, for sorting: the index carries the cost, not the value.
  function manaValue(cost) {
    var total = 0;
    (cost.split(" // ")[0].match(/\{[^}]+\}/g) || []).forEach(function (symbol) {
      var inner = symbol.slice(1, -1);
      var number = parseFloat(inner);
      if (!isNaN(number)) total += number;
      else if (!/^[XYZ]$/.test(inner)) total += /^2\//.test(inner) ? 2 : 1;
    });
    return total;
  }

  function row(card) {
    return "<tr><td>" + C.cardLink(card) + '</td><td data-sort="' + manaValue(card.m) + '"><span class="mana">' +
      C.escape(card.m) + "</span></td><td>" +
      C.escape(card.t) + "</td><td>" + C.copies(card) + "</td></tr>";
  }

  // Rows appended per frame: a first small chunk shows at once, then big ones (each insert lays the whole
  // table out again, so many small chunks cost more than they save).
  var FIRST_CHUNK = 100;
  var CHUNK = 3000;

  function table(key) {
    return '<table class="pool sortable" id="shared-' + key + '" data-filter-scope="shared">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies">Copies</th></tr></thead><tbody></tbody></table>';
  }

  // The filter box, then one heading and one empty table per card group; returns [tbody, cards] pairs.
  function skeleton(box, cards) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="shared" placeholder="Filter ' +
      cards.length.toLocaleString() + ' cards by name or type" aria-label="Filter the unaffiliated pool">' +
      '<output data-filter-count="shared"></output></div>';
    var groups = C.groups.filter(function (group) { return byGroup[group[0]]; });
    groups.forEach(function (group) {
      html += '<h2 id="' + group[0] + '">' + group[1] + " <small>" + byGroup[group[0]].length.toLocaleString() +
        "</small></h2>" + table(group[0]);
    });
    box.innerHTML = html;
    return groups.map(function (group) {
      return [box.querySelector("#shared-" + group[0] + " tbody"), byGroup[group[0]]];
    });
  }

  // Fill the tables a chunk per frame; filtering and sorting start once every row is in.
  function fill(box, parts, done) {
    var part = 0;
    var offset = 0;
    function step() {
      if (part >= parts.length) return done();
      var body = parts[part][0];
      var size = part === 0 && offset === 0 ? FIRST_CHUNK : CHUNK;
      var rows = parts[part][1].slice(offset, offset + size);
      body.insertAdjacentHTML("beforeend", rows.map(row).join(""));
      C.mana(body);
      offset += size;
      if (offset >= parts[part][1].length) {
        part += 1;
        offset = 0;
      }
      window.requestAnimationFrame(step);
    }
    step();
  }

  // Which cards: the shared pool file when present, else the same rule applied to the index.
  function members(box, index) {
    return C.loadJson(box.getAttribute("data-pool") || "../data/pools/shared.json").then(function (pool) {
      return pool.cards.map(function (entry) { return index.byName.get(entry.name.toLowerCase()); }).filter(Boolean);
    }, function () {
      return index.cards.filter(function (card) { return card.l && !card.lo && !card.c && !card.a.length; });
    });
  }

  function start(box) {
    C.loadCards(box.getAttribute("data-cards")).then(function (index) {
      return members(box, index);
    }).then(function (cards) {
      fill(box, skeleton(box, cards), function () { C.enhanceTables(box); });
    }, function () {
      box.innerHTML = '<p>The card index could not be loaded. The pool as plain text: <a href="../data/pools/shared.txt">shared.txt</a>.</p>';
    });
  }

  C.onBox("coalition-unaffiliated", start);
})();
