// Focus restoration, as a reactive controller: an update that takes away the control that had the focus (a message
// in place of the form) hands it to the element's refocus(), not to the page's body.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FocusReturn implements ReactiveController {
  /** Focus was inside the element when this update began. */
  had = false;

  constructor(private readonly host: ReactiveControllerHost & Element & { refocus(): void }) {
    host.addController(this);
  }

  // hostUpdate, not willUpdate: server-side renderers call that, and have no matches().
  hostUpdate(): void {
    this.had = this.host.matches(':focus-within');
  }

  hostUpdated(): void {
    if (this.had && !this.host.matches(':focus-within')) this.host.refocus();
  }
}
