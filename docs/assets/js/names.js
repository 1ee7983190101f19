/* Finding a card by the name someone typed: the JavaScript twin of generator/names.py, whose docstring is
   the spec. Used by the card lookup, the site's search, the unaffiliated pool and the deck validator; the
   cases of tests/fixtures/names/vectors.json run against both. This half reads typos and likenesses and ranks
   suggestions; the keys and the exact readings of a name are names-keys.js's (run before it). C.names, the
   matcher the other scripts call, is defined here, once both halves have run. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var SUGGESTIONS = 3;
  var MIN_SIMILARITY = 0.45;
  var K = C.nameKeys;   // names-keys.js
  var key = K.key, unique = K.unique, NameIndex = K.NameIndex;

  function typoLimit(length) {
    return length < 4 ? 0 : length < 8 ? 2 : length < 13 ? 4 : 6; // half edits
  }

  // Edit distance in half edits (insert, delete, substitute: 2; swap two neighbours: 1), as the optimal
  // string alignment; limit + 1 once it is surely over.
  function distance(a, b, limit) {
    if (2 * Math.abs(a.length - b.length) > limit) return limit + 1;
    var before = null;
    var row = [];
    for (var j = 0; j <= b.length; j++) row.push(2 * j);
    for (var i = 1; i <= a.length; i++) {
      var current = [2 * i];
      var lowest = 2 * i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 2;
        var value = Math.min(row[j] + 2, current[j - 1] + 2, row[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          value = Math.min(value, before[j - 2] + 1);
        }
        current.push(value);
        if (value < lowest) lowest = value;
      }
      if (lowest > limit) return limit + 1;
      before = row;
      row = current;
    }
    return Math.min(row[b.length], limit + 1);
  }

  function trigrams(text) {
    var padded = "  " + text + " ";
    var grams = new Set();
    for (var i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
    return grams;
  }

  // What a typo is measured against (spec rule 4): every face, then every legend's short name. The trigram
  // index holds these slots; likenesses read only the faces, the first slots.
  NameIndex.prototype.typoKeys = function () {
    if (!this.typoSlots) {
      var slots = this.faceKeys().slice();
      for (var i = 0; i < this.entries.length; i++) {
        var short = this.shortKey(i);
        if (short !== null) slots.push([short, i]);
      }
      this.typoSlots = slots;
    }
    return this.typoSlots;
  };

  // The cards whose name or a face holds the query as whole words, most played first (spec rule 4). Without
  // ranks (today's shaped file has none), a name ending with the words is likelier meant than one starting
  // with them ("bolt": Lightning Bolt, the spell, before Bolt Bend), then shorter, then alphabetical.
  NameIndex.prototype.holders = function (wanted) {
    var padded = " " + wanted + " ", last = new Map(), entries = this.entries, order = this.order.bind(this);
    this.faceKeys().forEach(function (pair) {
      if ((" " + pair[0] + " ").indexOf(padded) < 0) return;
      var ends = (" " + pair[0] + " ").slice(-padded.length) === padded;
      last.set(pair[1], !!last.get(pair[1]) || ends);
    });
    function rank(i) { return entries[i].rank === null || entries[i].rank === undefined ? null : entries[i].rank; }
    return Array.from(last.keys()).sort(function (a, b) {
      var x = rank(a), y = rank(b);
      if ((x === null) !== (y === null)) return x === null ? 1 : -1;
      return (x || 0) - (y || 0) || Number(last.get(b)) - Number(last.get(a)) || order(a, b);
    });
  };

  // Exact, legend short name, same words, names holding the words, then starts with / a word starts with /
  // contains.
  NameIndex.prototype.textual = function (wanted) {
    var buckets = [[], [], []];
    var padded = " " + wanted;
    this.faceKeys().forEach(function (pair) {
      var faceKey = pair[0];
      if (faceKey.indexOf(wanted) === 0) buckets[0].push(pair[1]);
      else if ((" " + faceKey).indexOf(padded) >= 0) buckets[1].push(pair[1]);
      else if (faceKey.indexOf(wanted) >= 0) buckets[2].push(pair[1]);
    });
    var ordered = this.byKey.has(wanted) ? [this.byKey.get(wanted)] : [];
    ordered = ordered.concat(this.shortLegends(wanted), this.sameWords(wanted), this.holders(wanted));
    var order = this.order.bind(this);
    buckets.forEach(function (bucket) { ordered = ordered.concat(unique(bucket).sort(order)); });
    return unique(ordered);
  };

  // Builds what typos and likenesses read, the typo slots' trigram index, ahead of the first query that needs it
  // (the search box does so while the reader types).
  NameIndex.prototype.prepare = function () { this.shared(""); };

  // How many trigrams the query shares with each typo slot holding any ({slot: count}, typoKeys), from the
  // slots' trigram index (GramIndex), built the first time a typo or a likeness is asked for.
  NameIndex.prototype.shared = function (wanted) {
    if (!this.grams) this.grams = new GramIndex(this.typoKeys().map(function (pair) { return pair[0]; }));
    var grams = this.grams;
    var shared = new Map();
    trigrams(wanted).forEach(function (gram) {
      grams.each(gram, function (slot) { shared.set(slot, (shared.get(slot) || 0) + 1); });
    });
    return shared;
  };

  // Every key's trigrams (a typo slot's: typoKeys), as trigrams() cuts them (UTF-16 code units): for each
  // trigram, the slots of the keys holding it, in slot order, one run of `slots`; `sizes[slot]`: how many
  // different trigrams that key has. A trigram is a number, its three units' places in the keys' alphabet,
  // and its run is found in a typed array (a Map past 64 letters): built as a Set per key and a list per
  // trigram, the search's first typo or likeness took ~600 ms of a 4x-slowed CPU for 30,000 cards
  // (bench/bench_search.py).
  function GramIndex(keys) {
    var padded = keys.map(function (text) { return "  " + text + " "; });
    var letters = (this.letters = new Int32Array(65536).fill(-1));
    var size = 0, total = 0;
    padded.forEach(function (text) {
      total += text.length - 2;
      for (var i = 0; i < text.length; i++) if (letters[text.charCodeAt(i)] < 0) letters[text.charCodeAt(i)] = size++;
    });
    this.size = size;
    this.mapped = size > 64;
    this.places = this.mapped ? new Map() : new Int32Array(size * size * size).fill(-1);
    // Per trigram place: how many keys hold it, and the last key seen holding it; per key, its places.
    var counts = new Int32Array(total), seen = new Int32Array(total).fill(-1), found = 0;
    var flat = new Int32Array(total), ends = new Int32Array(padded.length);
    var sizes = (this.sizes = new Int32Array(padded.length)), used = 0;
    for (var slot = 0; slot < padded.length; slot++) {
      var text = padded[slot];
      for (var i = 0; i + 3 <= text.length; i++) {
        var number = this.number(text, i), place = this.place(number);
        if (place < 0) this.setPlace(number, (place = found++));
        if (seen[place] === slot) continue;
        seen[place] = slot;
        counts[place]++;
        flat[used++] = place;
      }
      ends[slot] = used;
      sizes[slot] = used - (slot ? ends[slot - 1] : 0);
    }
    this.runs(counts.subarray(0, found), flat, ends);
  }

  // A trigram of `text` at `i` as a number; -1 when a unit is none of the keys' letters.
  GramIndex.prototype.number = function (text, i) {
    var a = this.letters[text.charCodeAt(i)], b = this.letters[text.charCodeAt(i + 1)], c = this.letters[text.charCodeAt(i + 2)];
    return a < 0 || b < 0 || c < 0 ? -1 : (a * this.size + b) * this.size + c;
  };
  GramIndex.prototype.place = function (number) {
    if (number < 0) return -1;
    var place = this.mapped ? this.places.get(number) : this.places[number];
    return place === undefined ? -1 : place;
  };
  GramIndex.prototype.setPlace = function (number, place) {
    if (this.mapped) this.places.set(number, place);
    else this.places[number] = place;
  };

  // `counts[place]` keys hold the trigram at `place`; a key's places are `flat` up to `ends[slot]`.
  GramIndex.prototype.runs = function (counts, flat, ends) {
    var starts = (this.starts = new Int32Array(counts.length + 1));
    for (var place = 0; place < counts.length; place++) starts[place + 1] = starts[place] + counts[place];
    var slots = (this.slots = new Int32Array(starts[counts.length]));
    var filled = starts.slice(0, counts.length);
    for (var slot = 0, i = 0; slot < ends.length; slot++) {
      for (; i < ends[slot]; i++) slots[filled[flat[i]]++] = slot;
    }
  };

  GramIndex.prototype.each = function (gram, visit) {
    var place = this.place(this.number(gram, 0));
    if (place < 0) return;
    for (var i = this.starts[place]; i < this.starts[place + 1]; i++) visit(this.slots[i]);
  };

  // Within typoLimit of a face; an edit (two half edits) changes at most four of the query's pieces.
  NameIndex.prototype.typos = function (wanted, shared) {
    var best = this.typoDistances(wanted, shared);
    var self = this;
    return Array.from(best.keys()).sort(function (a, b) { return best.get(a) - best.get(b) || self.order(a, b); });
  };

  // Each card within typoLimit of the query, with its distance in half edits (its nearest slot).
  NameIndex.prototype.typoDistances = function (wanted, shared) {
    var slots = this.typoKeys();
    var best = new Map();
    this.slotDistances(wanted, shared).forEach(function (found, slot) {
      var i = slots[slot][1];
      if (!best.has(i) || found < best.get(i)) best.set(i, found);
    });
    return best;
  };

  // Each typo slot within typoLimit of the query, with its distance in half edits.
  NameIndex.prototype.slotDistances = function (wanted, shared) {
    var allowed = typoLimit(wanted.length);
    var found = new Map();
    if (!allowed) return found;
    var needed = trigrams(wanted).size - 2 * allowed;
    var slots = this.typoKeys();
    shared.forEach(function (count, slot) {
      var value = count >= needed ? distance(wanted, slots[slot][0], allowed) : allowed + 1;
      if (value <= allowed) found.set(slot, value);
    });
    return found;
  };

  // The card a typo slot stands for: its own, or for a legend's short name the card resolve reads that name
  // as (spec rule 5: the legends of one short name are one answer; "nikol bolas" is the card Nicol Bolas).
  NameIndex.prototype.meantBy = function (slot) {
    var pair = this.typoKeys()[slot];
    return slot < this.faceKeys().length ? pair[1] : this.resolve(pair[0]);
  };

  // The card a whole word means (from 4 characters, as typos), else the one a typo surely means (spec rule 5):
  // alone at the smallest typo distance, else null.
  NameIndex.prototype.nearest = function (query) {
    var wanted = key(query);
    if (!wanted || this.resolve(query) !== null || this.sameWords(wanted).length) return null;
    var holders = typoLimit(wanted.length) ? this.holders(wanted) : [];
    if (holders.length) return holders[0];
    var distances = this.slotDistances(wanted, this.shared(wanted));
    var best = Infinity, meant = new Set();
    var self = this;
    distances.forEach(function (found, slot) {
      if (found < best) { best = found; meant = new Set(); }
      if (found === best) meant.add(self.meantBy(slot));
    });
    return meant.size === 1 ? meant.values().next().value : null;
  };

  // Names sharing most trigrams (Dice coefficient); of names sharing as many, the fewer edits away (spec rule 4:
  // trigrams alone tie Llanowar Elite with Llanowar Elves). Each card: [score, edits] of its likest face.
  NameIndex.prototype.similar = function (wanted, shared) {
    var size = trigrams(wanted).size;
    var faces = this.faceKeys();
    var sizes = this.grams.sizes;
    var best = new Map();
    shared.forEach(function (count, slot) {
      if (slot >= faces.length) return;   // a legend's short name: for typos only
      var i = faces[slot][1], had = best.get(i);
      var score = 2 * count / (size + sizes[slot]);
      if (score < MIN_SIMILARITY || (had && score < had[0])) return;
      var edits = distance(wanted, faces[slot][0], 2 * Math.max(wanted.length, faces[slot][0].length));
      if (!had || score > had[0] || edits < had[1]) best.set(i, [score, edits]);
    });
    var self = this;
    return Array.from(best.keys()).sort(function (a, b) {
      var x = best.get(a), y = best.get(b);
      return y[0] - x[0] || x[1] - y[1] || self.order(a, b);
    });
  };

  NameIndex.prototype.suggest = function (query, limit) {
    limit = limit || SUGGESTIONS;
    var wanted = key(query);
    if (!wanted) return [];
    var ranked = this.textual(wanted);
    if (ranked.length < limit) {
      var shared = this.shared(wanted);
      var tiers = [this.typos.bind(this), this.similar.bind(this)];
      for (var t = 0; t < tiers.length && ranked.length < limit; t++) ranked = unique(ranked.concat(tiers[t](wanted, shared)));
    }
    return ranked.slice(0, limit);
  };

  // The deck tools' view of data/cards.json, as generator.names.CardIndex.
  function CardIndex(cards) {
    this.cards = cards;
    this.names = NameIndex.fromCards(cards);
  }
  CardIndex.prototype.lookup = function (name) { return this.names.lookup(name); };
  CardIndex.prototype.suggest = function (name, limit) {
    var cards = this.cards;
    return this.names.suggest(name, limit).map(function (i) { return cards[i].n; });
  };

  C.names = { key: key, typoLimit: typoLimit, distance: distance, NameIndex: NameIndex, CardIndex: CardIndex,
              SUGGESTIONS: SUGGESTIONS, MIN_SIMILARITY: MIN_SIMILARITY };
})();
