import gc, random, sys, time
from gui_monkey import Dialogs, GuiMonkey, answer_dialogs
import test_soak as T

def test_x(make_window, monkeypatch, tmp_path, capsys):
    win = make_window()
    rng = random.Random(T.SEED)
    d = Dialogs(rng, tmp_path)
    done = []
    rec = T._Recorder()
    with answer_dialogs(d, monkeypatch.setattr):
        m = GuiMonkey(win, rng, d)
        h = T._History(win)
        m.before_history_reset = h.check
        T._run(m, win, 400, rec, done)
        T._reset(win, d)
        c0 = T._census(win)
        with capsys.disabled():
            print(c0.rss_mb)
            for k in range(10):
                T._run(m, win, 1000, rec, done)
                T._reset(win, d)
                c = T._census(win)
                print(k, round(c.rss_mb - c0.rss_mb, 1), c.py_objects, c.qobjects, h.checks, h.steps)
