/* An identity format's pool page (<format>/identities/<letters>/): the legal cards whose color identity
   (cards.json "ci") is within the page's identity, grouped by card type (pooltables.js) and drawn by
   cardtable.js a page at a time, as a table or as pictures. The page ships empty: a three-color pool holds thousands of cards. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  function fits(card, allowed) {
    return (card.ci || "").split("").every(function (c) { return allowed.indexOf(c) >= 0; });
  }

  function start(box) {
    var allowed = box.getAttribute("data-identity") || "";
    var groups = C.poolGroups(box.getAttribute("data-cards"));   // fetched beside the cards, never failing
    Promise.all([C.loadCards(box.getAttribute("data-cards")), groups]).then(function (loaded) {
      var cards = loaded[0].cards.filter(function (card) { return card.l && fits(card, allowed); });
      C.poolTables(box, cards, { key: "identity", label: "Filter the pool", heading: "h3", anchor: "pool-",
                                 cards: box.getAttribute("data-cards"), pool: { identity: allowed }, groups: loaded[1],
                                 colourOf: function (card) { return card.ci || ""; } });
      box.setAttribute("data-cards-shown", String(cards.length));
    }, function () {
      box.innerHTML = '<p>The card index could not be loaded: reload the page to try again.</p>';
    });
  }

  C.onBox("identity-pool", start);
})();
