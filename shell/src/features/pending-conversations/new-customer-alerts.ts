import { alertSoundOn, notificationPermission } from 'shared-ui/controls';

export interface NewCustomerAlert {
  /** The conversation's id: one notification per conversation, across tabs. */
  conversationId: string;
  title: string;
  body: string;
  /** Called when the agent clicks the notification. */
  open: () => void;
}

/** Shows a browser notification, when the agent allowed them. */
export function showNotification({ conversationId, title, body, open }: NewCustomerAlert) {
  if (notificationPermission() !== 'granted') return;
  try {
    // The tag makes the same conversation's notification from several open tabs one.
    const notification = new window.Notification(title, { body, tag: `pending-${conversationId}` });
    notification.onclick = () => {
      window.focus();
      open();
      notification.close();
    };
  } catch {
    // Some browsers (Chrome on Android) only notify through a service worker: the counters remain.
  }
}

let audio: AudioContext | undefined;

/**
 * Two short tones, made in the page (no sound file to load), when the agent turned the sound on.
 * A browser plays it only after the agent has interacted with the page, which they have once they
 * turned the setting on.
 */
export function playAlertSound() {
  if (!alertSoundOn() || typeof window.AudioContext !== 'function') return;
  try {
    audio ??= new window.AudioContext();
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const tone = audio!.createOscillator();
      const gain = audio!.createGain();
      tone.frequency.value = frequency;
      const at = start + index * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      tone.connect(gain).connect(audio!.destination);
      tone.start(at);
      tone.stop(at + 0.15);
    });
  } catch {
    // No audio output: the notification and the counters remain.
  }
}
