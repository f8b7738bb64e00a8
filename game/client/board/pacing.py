"""Whose turn it is and when things happen on the board: a person's action submitted, the AI's
decision asked for as soon as it is its turn and applied when the pacing timer has run
out (never on the frame), the replay's steps, the kiosk's pace, the hint.
"""
from __future__ import annotations

from game.core.errors import IllegalActionError

from ..i18n import _
from ..settings import AI_PACE_SECONDS
from ..widgets import BAD

class Pacing:
    """Turns, the AI's pacing, submitting actions. A part of BoardScene (game.client.scenes.board), which holds the state."""

    @property
    def pace(self) -> float:
        """The least time an AI (or replay) move stays on show after its animation: the
        player's AI pace setting (the demo has its own)."""
        if self.demo:
            return 0.45
        return AI_PACE_SECONDS.get(self.app.settings["ai_pace"], 0.6)

    def busy(self) -> bool:
        return self.seq.busy

    def can_act(self) -> bool:
        return (self.modal is None and not self.seq.busy and self.session.human_to_move()
                and not self.demo and not (self.banner and self.banner.elapsed < 0.35)
                and not self.awaiting_pass())

    def awaiting_pass(self) -> bool:
        """Hotseat: a secret decision whose player has not taken the device yet (the
        pass screen comes at the next update; nothing may be done before it)."""
        return (len(self.session.human_seats) > 1 and getattr(self.game, "hidden_information", False)
                and self.ui.private_decision() and self.privacy_seat != self.session.to_move())

    def submit(self, action) -> bool:
        """Submit a human's action through the session (must be legal now)."""
        if not self.can_act() and not (self.modal is None and self.session.human_to_move()):
            return False
        seat = self.session.to_move()
        try:
            events = self.session.submit(action)
        except IllegalActionError as e:
            self.app.audio.play("error")
            self.app.toast(str(e), BAD)
            return False
        if (getattr(self.game, "hidden_information", False) and len(self.session.human_seats) > 1
                and self.session.to_move() != seat):
            self.session.undo_stack.clear()     # hotseat: no undo back into another player's secrets
        self.app.audio.play("click")
        self.ui.selected = None
        self.dismiss_dice()                     # (the next action closes a combat's result)
        self.play_events(events)
        return True

    def machine_step(self) -> None:
        """The replay's next action (AI seats go through :meth:`_ai_step`)."""
        events = self.session.machine_step()
        self.play_events(events)

    def thinking(self) -> str | None:
        """The AI seat whose decision the board is waiting for (the spinner shows), or None."""
        s = self.session
        if self.replay or self.seq.busy or s.ai_error or not s.machine_to_move():
            return None
        return s.to_move()

    def _ai_step(self, dt: float) -> None:
        """Apply the AI's action once it has come and the pacing timer has run out."""
        self.ai_timer -= dt * self.seq.time_scale
        if self.ai_timer <= 0:
            # an AI's secret choice (its cards ...) is never explained: its alternatives would tell
            secret = getattr(self.game, "hidden_information", False) and self.ui.private_decision()
            events = self.session.poll_ai()
            if events is not None and secret:
                self.session.explanation = None
            if events is not None:
                self.ai_timer = self.pace
                self.play_events(events)

    def _ai_status(self, dt: float) -> None:
        """Ask for the AI's decision as soon as it is its turn; say when it fails."""
        s = self.session
        if not self.replay and s.machine_to_move():
            s.start_ai()
        if s.load_notice:
            self.app.toast(s.load_notice, ttl=6.0)
            self.log.add(s.load_notice)
            s.load_notice = ""
        if s.ai_notice:
            self.app.toast(s.ai_notice, BAD, ttl=5.0)
            self.log.add(_("AI: {ai_notice}").format(ai_notice=s.ai_notice), BAD)
            s.ai_notice = ""
        if s.ai_error and not self.demo and getattr(self, "_shown_error", "") != s.ai_error:
            self._shown_error = s.ai_error
            self.app.toast(s.ai_error, BAD, ttl=8.0)
            self.log.add(_("AI: {ai_error}").format(ai_error=s.ai_error), BAD)

    def waiting_for_person(self) -> bool:
        """A person could act now (the kiosk's idle timeout counts only then)."""
        if self.game.is_over() or self.modal is not None:
            return True
        return self.session.human_to_move() and not self.seq.busy

    def demo_ready(self) -> bool:
        """The last moves have been shown and the pacing time has run out."""
        return not self.seq.busy and (self.ai_timer <= 0 or self.game.is_over())

    def show_demo_events(self, events: list) -> None:
        self.ai_timer = self.pace
        self.play_events(events)

    def ask_hint(self) -> None:
        """I: what the normal AI would do for the human seat to move (lit like an explanation)."""
        if self.demo or self.replay or not self.session.human_to_move():
            self.app.audio.play("error")
            self.app.toast(_("A hint is for your own decision"))
            return
        if self.session.request_hint():
            self.app.audio.play("click")
            if self.session.current_hint() is None:
                self.app.toast(_("Hint: thinking…"))
        else:
            self.app.audio.play("error")
            self.app.toast(_("No hint for this game yet"))
