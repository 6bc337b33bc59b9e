/*
 * The checkout's only script (/pay/:id runs without the React bundle; issue 11, item 3). The page
 * works without it; this adds:
 * - copy buttons (rendered hidden) for the elements named by data-copy;
 * - a ticking countdown on [data-expires-at] (the server renders the minutes left);
 * - live status: while the page waits ([data-status-url]), it asks the status endpoint every
 *   5 seconds (only while the tab is visible) and reloads when the status changed.
 * Its words come from the page, in the page's language (data-copied, data-selected,
 * data-time-left with "{time}", data-expired); English where a page does not give them.
 * Plain ES2019, no dependencies. Served from public/ with a version query (see the route).
 */
(function () {
  "use strict";
  var doc = document;

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = doc.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      doc.body.appendChild(area);
      area.select();
      var ok = false;
      try {
        ok = doc.execCommand("copy");
      } catch {
        ok = false;
      }
      doc.body.removeChild(area);
      if (ok) resolve();
      else reject(new Error("copy failed"));
    });
  }

  var announcer = doc.getElementById("checkout-announcer");
  function announce(message) {
    if (announcer) announcer.textContent = message;
  }

  Array.prototype.forEach.call(doc.querySelectorAll("button[data-copy]"), function (button) {
    var source = doc.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    var label = button.textContent;
    var done = button.getAttribute("data-copied") || "Copied";
    button.hidden = false;
    button.addEventListener("click", function () {
      copyText(source.textContent.trim()).then(
        function () {
          button.textContent = done;
          announce(done);
          setTimeout(function () {
            button.textContent = label;
          }, 2000);
        },
        function () {
          // Copying is not allowed here: select the text so the customer can copy it by hand.
          var range = doc.createRange();
          range.selectNodeContents(source);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          announce(
            (announcer && announcer.getAttribute("data-selected")) ||
              "Selected: copy it with your device's copy command",
          );
        },
      );
    });
  });

  var countdown = doc.querySelector("[data-expires-at]");
  if (countdown) {
    var expiresAt = Number(countdown.getAttribute("data-expires-at"));
    // The server's clock, not the phone's: the offset between them when the page was made.
    var skew = Number(countdown.getAttribute("data-now")) - Date.now();
    var timeLeft = countdown.getAttribute("data-time-left") || "{time} left";
    var expired = countdown.getAttribute("data-expired") || "Expired: do not send";
    var tick = function () {
      var left = Math.max(0, Math.floor((expiresAt - (Date.now() + skew)) / 1000));
      var seconds = left % 60;
      countdown.textContent =
        left > 0
          ? timeLeft.replace(
              "{time}",
              Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds,
            )
          : expired;
      if (left === 0) clearInterval(timer);
    };
    var timer = setInterval(tick, 1000);
    tick();
  }

  var live = doc.querySelector("[data-status-url]");
  if (live) {
    var url = live.getAttribute("data-status-url");
    var shown = live.getAttribute("data-status");
    // The M-Pesa prompts' state (sent, paid, failed) changes while the status stays the same.
    var shownMpesa = live.getAttribute("data-mpesa");
    var busy = false;
    var poll = function () {
      if (busy || doc.visibilityState === "hidden") return;
      busy = true;
      fetch(url, { cache: "no-store", headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (body) {
          if (!body || !body.status) return;
          if (
            body.status !== shown ||
            (shownMpesa !== null && body.mpesa !== undefined && body.mpesa !== shownMpesa)
          )
            window.location.reload();
        })
        .catch(function () {
          // Offline for a moment: the next poll tries again.
        })
        .then(function () {
          busy = false;
        });
    };
    setInterval(poll, 5000);
    doc.addEventListener("visibilitychange", poll);
  }
})();
