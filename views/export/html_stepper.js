// The HTML stepper page's controls (html_stepper_writer.cpp writes the frames
// before this script). Each .cv-frame names its figure (data-fig), the scene
// step it draws (data-step) and how long Play shows it (data-ms); its caption
// is the HTML inside its .cv-text. Opened with #selftest, the page checks its
// own controls and writes PASS or FAIL: reasons into #selftest.
(function () {
  'use strict';
  var text = JSON.parse(document.getElementById('cv-strings').textContent);
  var root = document.getElementById('cv');
  var frames = Array.prototype.slice.call(root.querySelectorAll('.cv-frame'));
  var figures = {};
  Array.prototype.forEach.call(root.querySelectorAll('.cv-fig'), function (fig) {
    figures[fig.getAttribute('data-fig')] = fig;
  });
  var prev = document.getElementById('cv-prev');
  var next = document.getElementById('cv-next');
  var play = document.getElementById('cv-play');
  var scrub = document.getElementById('cv-scrub');
  var label = document.getElementById('cv-label');
  var count = document.getElementById('cv-count');
  var caption = document.getElementById('cv-caption');
  var n = frames.length;
  var current = -1;
  var playing = false;
  var timer = null;
  var lastStep = frames.reduce(function (most, f) { return Math.max(most, Number(f.getAttribute('data-step'))); }, 0);
  // Play's timer; the self-test swaps in a clock it drives itself.
  var clock = {
    start: function (fn, ms) { return window.setTimeout(fn, ms); },
    stop: function (id) { window.clearTimeout(id); }
  };

  function format(pattern, args) {
    return pattern.replace(/%(\d)/g, function (all, i) { return String(args[Number(i) - 1]); });
  }
  function figureOf(i) { return figures[frames[i].getAttribute('data-fig')]; }
  function stepLabel(i) { return format(text.step, [frames[i].getAttribute('data-step'), lastStep]); }
  function captionOf(i) { return frames[i].querySelector('.cv-text').innerHTML; }
  function duration(i) {
    var ms = Number(frames[i].getAttribute('data-ms'));
    return ms > 0 ? ms : 1000;
  }

  function show(i) {
    i = Math.max(0, Math.min(n - 1, i));
    if (current >= 0 && current !== i) figureOf(current).classList.remove('cv-on');
    current = i;
    figureOf(i).classList.add('cv-on');
    caption.innerHTML = captionOf(i);
    label.textContent = stepLabel(i);
    count.textContent = format(text.frame, [i + 1, n]);
    scrub.value = String(i + 1);
    scrub.setAttribute('aria-valuetext', label.textContent + ', ' + count.textContent);
    prev.disabled = i === 0;
    next.disabled = i === n - 1;
  }

  function schedule() {
    if (timer !== null) clock.stop(timer);
    timer = null;
    if (!playing) return;
    if (current >= n - 1) {
      setPlaying(false);
      return;
    }
    timer = clock.start(function () {
      timer = null;
      show(current + 1);
      schedule();
    }, duration(current));
  }

  function setPlaying(on) {
    if (on && current >= n - 1) show(0);  // Play at the end starts again
    playing = on;
    play.setAttribute('aria-pressed', on ? 'true' : 'false');
    play.setAttribute('aria-label', on ? text.pause : text.play);
    play.title = (on ? text.pause : text.play) + ' (' + text.space + ')';
    schedule();
  }

  // A reader's own move stops Play where it is.
  function go(i) {
    if (playing) setPlaying(false);
    show(i);
  }

  prev.addEventListener('click', function () { go(current - 1); });
  next.addEventListener('click', function () { go(current + 1); });
  play.addEventListener('click', function () { setPlaying(!playing); });
  scrub.addEventListener('input', function () { go(Number(scrub.value) - 1); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var target = e.target || {};
    var tag = target.tagName || '';
    // A focused button clicks itself on Space, the scrubber moves itself on the arrows.
    if (e.key === ' ' && tag === 'BUTTON') return;
    if (tag === 'INPUT' && target !== scrub) return;
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && target === scrub) return;
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(n - 1);
    else if (e.key === ' ' || e.key === 'Spacebar') setPlaying(!playing);
    else return;
    e.preventDefault();
  });

  scrub.max = String(Math.max(1, n));
  if (n > 0) {
    show(0);
    setPlaying(false);
  }

  function selfTest() {
    var fails = [];
    function check(ok, what) { if (!ok) fails.push(what); }
    function key(name) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    }
    function shownFigures() {
      return Object.keys(figures).filter(function (k) {
        return window.getComputedStyle(figures[k]).display !== 'none';
      });
    }
    var pending = [];
    var realClock = clock;
    clock = {
      start: function (fn, ms) { pending.push({ fn: fn, ms: ms }); return pending.length; },
      stop: function (id) { if (pending[id - 1]) pending[id - 1].fn = null; }
    };
    function fire() {
      var live = pending.filter(function (p) { return p.fn; });
      var last = live[live.length - 1];
      if (!last) return false;
      var fn = last.fn;
      last.fn = null;
      fn();
      return true;
    }
    check(n >= 2, 'needs at least two frames, has ' + n);
    if (n >= 2) {
      go(0);
      next.click();
      check(current === 1, 'Next moved to frame ' + (current + 1) + ', not 2');
      check(label.textContent === stepLabel(1), 'step label after Next reads "' + label.textContent + '"');
      check(caption.innerHTML === captionOf(1), 'caption after Next is not frame 2\'s');
      check(count.textContent === format(text.frame, [2, n]), 'frame count after Next reads "' + count.textContent + '"');
      var shown = shownFigures();
      check(shown.length === 1 && figures[shown[0]] === figureOf(1), 'after Next the figures shown are ' + shown);
      prev.click();
      check(current === 0 && label.textContent === stepLabel(0), 'Previous did not return to frame 1');
      check(prev.disabled && !next.disabled, 'Previous is not disabled on frame 1');
      scrub.value = String(n);
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
      check(current === n - 1 && caption.innerHTML === captionOf(n - 1), 'the scrubber did not seek to the last frame');
      check(next.disabled, 'Next is not disabled on the last frame');
      key('ArrowLeft');
      check(current === n - 2, 'ArrowLeft did not go back one frame');
      key('ArrowRight');
      check(current === n - 1, 'ArrowRight did not go forward one frame');
      key('Home');
      check(current === 0, 'Home did not go to the first frame');
      key(' ');
      check(playing && play.getAttribute('aria-pressed') === 'true', 'Space did not start Play');
      check(pending.length > 0 && pending[pending.length - 1].ms === duration(0),
            'Play did not wait frame 1\'s ' + duration(0) + ' ms');
      fire();
      check(current === 1, 'Play did not move on after frame 1\'s duration');
      key(' ');
      check(!playing && play.getAttribute('aria-pressed') === 'false', 'Space did not pause Play');
      check(!fire(), 'Play left a timer running after pausing');
      go(n - 2);
      play.click();
      fire();
      check(current === n - 1 && !playing, 'Play did not stop at the last frame');
      play.click();
      check(current === 0 && playing, 'Play at the last frame did not start again from frame 1');
      setPlaying(false);
      go(0);
    }
    clock = realClock;
    var out = document.getElementById('selftest');
    out.hidden = false;
    out.textContent = fails.length ? 'FAIL: ' + fails.join('; ') : 'PASS';
    document.body.setAttribute('data-selftest', fails.length ? 'fail' : 'pass');
  }

  if (window.location.hash === '#selftest') {
    try {
      selfTest();
    } catch (error) {
      var out = document.getElementById('selftest');
      out.hidden = false;
      out.textContent = 'FAIL: ' + error;
      document.body.setAttribute('data-selftest', 'fail');
    }
  }
})();
