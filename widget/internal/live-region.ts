// What a polite live region says, as a reactive controller: it speaks only when its text changes, so saying the same
// again needs a quiet moment first.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Long enough for the browser to pass the empty text to the accessibility tree. */
const QUIET_MS = 50;

export class LiveRegion implements ReactiveController {
  private quiet = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The region's text now: nothing during a quiet moment. */
  says(text: string): string {
    return this.quiet ? '' : text;
  }

  /** Empties the region while `work` runs and a moment after, so the same text is said again when it comes back. */
  async sayAgainAfter(work: () => Promise<void>): Promise<void> {
    this.setQuiet(true);
    try {
      await work();
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    } finally {
      this.setQuiet(false);
    }
  }

  private setQuiet(quiet: boolean): void {
    this.quiet = quiet;
    this.host.requestUpdate();
  }

  /** A quiet moment the element's leaving cut short ends there: back on the page, the region speaks. */
  hostDisconnected(): void {
    this.quiet = false;
  }
}
