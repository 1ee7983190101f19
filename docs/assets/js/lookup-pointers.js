/* What the card lookup says besides a card (lookup.js calls it): the pages the words also name (a creature
   type, a color identity, a rule number), found as the header's search box finds them (search.js), and the
   answer for words that spell a creature type or a rule number no card is named. Split from lookup.js. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // What the header's search box (search.js) also finds in the words, offered above the card: the type page
  // of the creature type they name in this format's spellings ("goblins", "elves"), in an identity format the
  // page of the color identity they name ("izzet", "ur": lookup-identity.js), and the rule a number is in each
  // format whose rules define it. Card names stay first: a pointer, not the answer (unless no card has the
  // name: then the type is the answer, `typeAnswer`, and not said again here).
  function alsoNamed(root, index, format, asked, answered) {
    var S = C.siteSearch, said = "\u201c" + C.escape(asked.trim()) + "\u201d";
    if (!S || !asked.trim()) return Promise.resolve("");
    var type = typeNamed(index, format, asked);
    var typeNote = answered ? "" : type ? typeAnswer(root, format, said, type, "also-named") : C.identityNamed(root, format, asked, said);
    return S.ruleHits(C.siteRoot(), asked).then(function (rules) {
      return ruleList("also-named", said, rules) + typeNote;
    }, function () { return typeNote; });
  }

  // The rules a number names when no card has that name (search.js ruleSearch): the lookup's answer instead of
  // "No card is named"; "" when the words are no rule number of any format. A format whose rules could not be
  // loaded may define it: that is said, with the format's rules page, rather than "There is no rule" (noneNamed).
  function ruleAnswer(asked) {
    var S = C.siteSearch, said = "\u201c" + C.escape(asked.trim()) + "\u201d";
    if (!S || !asked.trim()) return Promise.resolve("");
    return S.ruleSearch(C.siteRoot(), asked).then(function (found) {
      return ruleList("rule-answer", said, found.hits) + unreadRules(said, found.unread, !found.hits.length);
    }, function () { return ""; });
  }

  // That a format whose rules could not be loaded may define the number (searchrules.js's words, the search
  // box's too), with its rules page; "" when every format's rules were read.
  function unreadRules(said, unread, alone) {
    if (!unread.length) return "";
    return '<p class="rules-unread">' + C.searchRules.unreadWords(said, unread) + (alone ? " No card is so named." : "") + "</p>";
  }

  // Whether the words are shaped like a rule number (search.js): no format defining it, no card's nearest name
  // is the answer to them either (a typo of a rule is no typo of a card).
  function ruleShaped(asked) { return !!(C.siteSearch && C.siteSearch.ruleShaped.test(asked)); }

  // The lookup's line for words no card has and no format's rules define (ruleAnswer found none): a number
  // shaped like a rule says there is no such rule, since a rule was what the words most likely meant.
  function noneNamed(asked) {
    var shaped = C.siteSearch && C.siteSearch.ruleShaped.exec(asked);
    return shaped ? "There is no rule " + C.escape(shaped[1]) + " in any format\u2019s rules, and no card is so named"
      : "No card is named \u201c" + C.escape(asked) + "\u201d";
  }

  // Each rule linked, with its format and its own words (format.json rule_texts); "" for none.
  function ruleList(kind, said, rules) {
    return rules.length ? '<div class="' + kind + '"><p>' + said + " is a rule number:</p><ul>" + rules.map(function (rule) {
      return '<li><a href="' + C.escape(rule.href) + '">' + C.escape(rule.title) + "</a> (" + C.escape(rule.note) + ")" +
        (rule.text ? ": " + C.linkedWords(rule.text) : ".") + "</li>";
    }).join("") + "</ul></div>" : "";
  }

  // The creature type the words spell in this format (format.json type_forms: "goblins", "elves"), or null.
  function typeNamed(index, format, asked) {
    var S = C.siteSearch;
    return S ? S.typeNamed(index, S.keyedForms(format.type_forms), asked) : null;
  }

  function typeAnswer(root, format, said, type, kind) {
    return '<p class="' + kind + '">' + said + ' names a creature type: see the <a href="' + root + "types/" +
      C.slugify(type) + '/">' + C.escape(C.groupName(format, type)) + "</a> page.</p>";
  }

  C.lookupPointers = { alsoNamed: alsoNamed, ruleAnswer: ruleAnswer, typeNamed: typeNamed, typeAnswer: typeAnswer,
                       ruleShaped: ruleShaped, noneNamed: noneNamed };
})();
