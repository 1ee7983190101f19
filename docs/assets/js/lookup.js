/* The card lookup page: a name box over data/cards.json that explains one card (?card=Name in the URL). This is
   the box: its suggestions, what a typed name was read as, what Enter opens, and the address and its history;
   the card's own answer is lookup-card.js's, what the words also name lookup-pointers.js's. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var MAX_SUGGESTIONS = 12;

  // The index's size as the home page counts cards (deck cards: the build's count), the meld results it
  // also holds (a decklist may name one; they are no deck cards) said apart.
  function indexSize(cards) {
    var melds = cards.filter(function (card) { return card.mp; }).length;
    var deck = (cards.length - melds).toLocaleString() + " cards in the index";
    return deck + (melds ? ", and " + melds.toLocaleString() + " meld " + (melds === 1 ? "result" : "results") : "") + ".";
  }

  // The one name matcher (names.js), built once per card index.
  function matcher(index) {
    if (!index.names) index.names = C.names.NameIndex.fromCards(index.cards);
    return index.names;
  }

  function suggestions(index, query) {
    return matcher(index).suggest(query, MAX_SUGGESTIONS).map(function (i) { return index.cards[i]; });
  }

  function quoted(words) { return "\u201c" + C.escape(words.trim()) + "\u201d"; }

  // A note above the card, then the other names it could have been (up to four), each a link the page answers.
  function readAs(kind, sentence, names, card) {
    var others = names.filter(function (other) { return other !== card; }).slice(0, 4);
    return '<p class="' + kind + '">' + sentence + (others.length ? ' Or did you mean:</p><ul class="did-you-mean">' +
      others.map(function (other) {
        return '<li><a href="?card=' + encodeURIComponent(other.n) + '" data-name="' + C.escape(other.n) + '">' + C.escape(other.n) + "</a></li>";
      }).join("") + "</ul>" : "</p>");
  }

  // The address names the card shown; a lookup `asked` for (Enter, a name chosen) is a new entry for Back.
  function setCardParam(name, asked) {
    var url = new URL(window.location.href);
    url.searchParams.set("card", name);
    var moved = url.href !== window.location.href;
    if (moved && asked) window.history.pushState(null, "", url.href);   // null: the theme keeps its scroll in the entry left
    else if (moved) window.history.replaceState(window.history.state, "", url.href);
    // The format switch (generator/templates/snippets/switch.md.j2) opens the same card in the other formats.
    Array.prototype.forEach.call(document.querySelectorAll(".format-switch a"), function (link) {
      var other = new URL(link.getAttribute("href"), window.location.href);
      other.searchParams.set("card", name);
      link.setAttribute("href", other.pathname + other.search);
    });
  }

  function start(box) {
    var root = box.getAttribute("data-root") || "../";
    var input = box.querySelector("#lookup-input");
    var list = box.querySelector("#lookup-suggestions");
    var result = box.querySelector("#lookup-result");
    // The format file words the answers (its reasons, its leader's word): without it, or with one of another
    // build that lacks a word (C.usableFormat), the lookup says its data could not be loaded.
    var format = C.loadJson(box.getAttribute("data-format") || root + "data/format.json").then(C.usableFormat);
    Promise.all([C.loadCards(box.getAttribute("data-cards")), format]).then(function (loaded) {
      var index = loaded[0], formatData = loaded[1];
      var active = -1;
      var current = [];
      var idle = true;   // the result still shows the page's opening words, no card and no answer
      var asking = 0;    // which answer a late pointer (alsoNamed) belongs to: a newer one drops it
      var late = 0;      // answers still to come (a rule, the pointers): the result is busy (aria-busy) meanwhile,
      function working(promise) {   // so a screen reader reads it once, whole, and the browser tests wait for them
        late += 1;
        result.setAttribute("aria-busy", "true");
        var done = function () { late -= 1; if (!late) result.removeAttribute("aria-busy"); };
        promise.then(done, done);
      }
      function point(asked, answered) {
        var ask = asking;
        working(C.lookupPointers.alsoNamed(root, index, formatData, asked, answered).then(function (html) {
          if (html && ask === asking) result.insertAdjacentHTML("afterbegin", html);
        }));
      }
      // The list's highlighted name is the field's active descendant: a screen reader reads it out as the
      // arrow keys move, while the keyboard stays in the field.
      function highlight(position) {
        active = position;
        list.querySelectorAll("li").forEach(function (li, i) {
          li.classList.toggle("active", i === active);
          li.setAttribute("aria-selected", String(i === active));
        });
        if (active >= 0) input.setAttribute("aria-activedescendant", "lookup-option-" + active);
        else input.removeAttribute("aria-activedescendant");
      }
      function listNames(cards) {
        current = cards;
        list.innerHTML = cards.map(function (card, i) {
          return '<li role="option" id="lookup-option-' + i + '" aria-selected="false" data-index="' + i + '">' + C.escape(card.n) + "</li>";
        }).join("");
        input.setAttribute("aria-expanded", String(cards.length > 0));
        highlight(-1);
      }
      function show(card, note, asked) {
        listNames([]);
        idle = false;
        asking += 1;
        input.value = card.n;
        setCardParam(card.n, asked);
        result.innerHTML = (note || "") + C.lookupCard.render(root, index, card, formatData);   // lookup-card.js
        C.mana(result);
      }
      // A typo the matcher is sure of (names.js nearest) opens its card, saying so and offering the others.
      function showNearest(asked, card, chosen) {
        show(card, readAs("nearest", "No card is named " + quoted(asked) + ": this is the nearest name.",
          suggestions(index, asked), card), chosen);
      }
      // Words that are not the card's own name say what they were read as, above it (names.js readAs): a face
      // of a two-faced card, its words in another order, a legend's short name (names.js resolve: the shortest
      // such name, the others offered), or, on Enter, the first name holding the words (the list's first). ""
      // for the card's own name.
      function howRead(asked, card) {
        var reading = matcher(index).readAs(asked, index.cards.indexOf(card));
        if (reading && reading.how === "name") return "";
        if (reading && reading.how === "face") {
          return readAs("read-as", quoted(asked) + " is a face of " + C.escape(card.n) + ".", [], card);
        }
        if (reading && reading.how === "words") {
          return readAs("read-as", quoted(asked) + " is " + C.escape(card.n) + ", its words in another order.", [], card);
        }
        if (reading) {
          var others = reading.others.map(function (i) { return index.cards[i]; });
          return readAs("read-as", quoted(asked) + " is short for " + C.escape(card.n) + (others.length
            ? ", the shortest of the " + (others.length + 1) + " legends so named." : "."), others, card);
        }
        // "first", not "most played": the order is by play only where the card data has Scryfall's ranks.
        return readAs("read-as", "No card is named " + quoted(asked) + "; of the cards with " + quoted(asked) +
          " in their name, " + C.escape(card.n) + " comes first.", suggestions(index, asked), card);
      }
      // What Enter opens: the highlighted suggestion, else the card the name means (names.js: exact, a legend's
      // short name, a face), else the creature type it spells (no card: "goblins"), else the first suggestion
      // that holds what was typed, else a typo's nearest name. Else nothing opens: the close names are offered.
      function choose(highlighted) {
        var position = matcher(index).resolve(input.value);
        var card = highlighted || (position === null ? null : index.cards[position]);
        var typed = C.names.key(input.value), asked = input.value;
        var type = card || !typed ? null : C.lookupPointers.typeNamed(index, formatData, asked);
        if (!card && !type && current.length && typed && C.names.key(current[0].n).indexOf(typed) >= 0) card = current[0];
        if (card) show(card, highlighted ? "" : howRead(asked, card), true);
        if (card) point(asked, false);
        else if (typed) miss(asked, true, type);
      }
      // No card has the name: a rule number some format defines is the answer (lookup-pointers.js ruleAnswer),
      // else a typo's nearest name, else the type it spells and the close names.
      function miss(asked, chosen, type) {
        var ask = asking;
        working(C.lookupPointers.ruleAnswer(asked).then(function (rule) {
          if (ask !== asking) return;   // another answer came meanwhile
          var nearest = rule || type || C.lookupPointers.ruleShaped(asked) ? null : matcher(index).nearest(asked);
          if (nearest !== null) showNearest(asked, index.cards[nearest], chosen);
          else notFound(asked, chosen, type, rule);
          if (!rule) point(asked, !!type);
        }));
      }
      // The answer for words no card has: the rule they number, else the type they spell and the close names.
      function notFound(asked, chosen, type, rule) {
        idle = false;
        asking += 1;
        input.value = asked;
        listNames([]);
        setCardParam(asked, chosen);   // the address says what was asked, not the card shown before it
        var close = suggestions(index, asked).slice(0, 5).map(function (card) {
          return '<li><a href="?card=' + encodeURIComponent(card.n) + '" data-name="' + C.escape(card.n) + '">' + C.escape(card.n) + "</a></li>";
        }).join("");
        result.innerHTML = rule || (type ? C.lookupPointers.typeAnswer(root, formatData, quoted(asked), type, "type-answer") : "") +
          '<p class="not-found">' + C.lookupPointers.noneNamed(asked) +
          (close ? '. Did you mean:</p><ul class="did-you-mean">' + close + "</ul>" : ".</p>");
      }
      result.addEventListener("click", function (event) {
        var link = event.target.closest("a[data-name]");
        if (!link || !link.closest(".did-you-mean")) return;
        // Answered here, on this page: the theme's instant navigation must not load the page again over it
        // (it would, once its sitemap is loaded, and the new copy of the box would start without its index).
        event.preventDefault();
        event.stopPropagation();
        show(index.cards[matcher(index).lookup(link.getAttribute("data-name"))], "", true);
      });
      function suggest() {
        listNames(suggestions(index, input.value));
        // Before any card is shown, the status says what the list below the box offers.
        if (idle) {
          result.innerHTML = "<p>" + (current.length ? current.length + (current.length === 1 ? " name matches" : " names match") +
            ": tap one, or press Enter." : input.value.trim() ? "No name matches yet." : "Start typing a name.") + "</p>";
        }
      }
      input.disabled = false;
      input.addEventListener("input", suggest);
      input.addEventListener("keydown", function (event) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          highlight(current.length ? Math.max(0, Math.min(current.length - 1, active + (event.key === "ArrowDown" ? 1 : -1))) : -1);
        } else if (event.key === "Enter") {
          event.preventDefault();
          choose(active >= 0 ? current[active] : null);
        }
      });
      list.addEventListener("click", function (event) {
        var item = event.target.closest("li[data-index]");
        if (item) show(current[Number(item.getAttribute("data-index"))], "", true);
      });
      // What the address asks for (?card=), on arrival and after Back or Forward; no card: the opening words.
      function showAddress() {
        var asked = new URL(window.location.href).searchParams.get("card");
        var position = asked ? matcher(index).resolve(asked) : null;
        var type = asked && position === null ? C.lookupPointers.typeNamed(index, formatData, asked) : null;
        if (position !== null) show(index.cards[position], howRead(asked, index.cards[position]));
        if (position !== null) return point(asked, false);
        if (asked) return miss(asked, false, type);   // what the name is close to, not a dead end
        idle = true;
        asking += 1;
        input.value = "";
        listNames([]);
        result.innerHTML = "<p>" + indexSize(index.cards) + " Start typing a name.</p>";
      }
      // Back or Forward within this page (another path is the theme's to load), while this box is on it.
      var path = window.location.pathname;
      onHistory = function () { if (box.isConnected && window.location.pathname === path) showAddress(); };
      showAddress();
    }, function (error) {
      result.innerHTML = "<p>The card data could not be loaded (" + C.escape(error.message) + "). Try reloading the page.</p>";
    });
  }

  var onHistory = null;   // one listener for the page's life, answering for the lookup box on it now
  window.addEventListener("popstate", function () { if (onHistory) onHistory(); });

  C.onBox("coalition-lookup", start);
})();
