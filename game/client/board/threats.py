"""The board's threat view (T): the units of the seat looking that the enemy could attack
after its next move, with the best odds, worked out from that seat's own view.
"""
from __future__ import annotations

from ..games.base import GameUI
from ..i18n import _
from ..threat import summary as threat_summary
from ..widgets import BAD

class ThreatView:
    """The threat view. A part of BoardScene (game.client.scenes.board), which holds the state."""

    def threat_viewer(self) -> str | None:
        """Whose units the threat view is about: the seat looking at the screen, else the
        person to move, else the first person's seat (AI against AI: the seat to move)."""
        s = self.session
        if self.ui.viewer:
            return self.ui.viewer
        if s.human_to_move():
            return s.to_move()
        if s.human_seats:
            return s.human_seats[0]
        return s.to_move()

    def toggle_threat(self) -> None:
        if self.threat_on:
            self.threat_on = False
            self.app.toast(_("Threat view off"))
            self.app.audio.play("click")
            return
        if type(self.ui).threats is GameUI.threats:
            self.app.audio.play("error")
            self.app.toast(_(self.ui.threat_unsupported), BAD, ttl=6.0)
            return
        self.threat_on = True
        self.threat_key = None
        self.threat_map = {}
        self.refresh_threats()
        if self.threat_key is None:             # (an animation runs: worked out when it ends)
            self.app.toast(_("Threat view on (T: off)"))
        elif self.threat_on:
            self.app.toast(threat_summary(self.threat_map))
        self.app.audio.play("click")

    def refresh_threats(self) -> None:
        """Work the threat view out again if the position (or the seat) changed; only while
        it is on and no animation runs (what the map shows is then the position)."""
        if not self.threat_on or self.seq.busy:
            return
        seat = self.threat_viewer()
        h = self.game.history
        key = (seat, len(h), h[-1] if h else None, len(self.game.events))
        if key == self.threat_key:
            return
        self.threat_key = key
        self.threat_seat = seat
        try:
            got = self.ui.threats(seat) if seat else None
        except Exception as e:                  # a threat view must never stop a game
            self.threat_map = {}
            self.app.toast(_("Threat view failed: {error}").format(error=e), BAD)
            self.threat_on = False
            return
        self.threat_map = got or {}
