import { formatWireTime } from '@greenpod/contracts';
import type { Mail } from '../mail/mailer';
import type { Recipient } from '../notifications/delivery';

export interface AlertMailFacts {
  ruleTitle: string;
  action: string | null;
  podTitle: string;
  sensorTitle: string;
  condition: 'greater' | 'smaller' | 'equal';
  threshold: number;
  value: number;
  readingAt: number;
}

const CONDITION_WORDS = { greater: 'above', smaller: 'below', equal: 'equal to' } as const;

/** The e-mail a HIGH alert sends each recipient (docs/domain.md#notifications), with a link to the alerts page. */
export function alertMail(to: Recipient, facts: AlertMailFacts, alertsUrl: string): Mail {
  const when = `${formatWireTime(new Date(facts.readingAt))} UTC`;
  const lines = [
    `Hello ${to.firstName},`,
    '',
    `The rule "${facts.ruleTitle}" fired on ${facts.podTitle}: ${facts.sensorTitle} read ${facts.value} at ${when}, ${CONDITION_WORDS[facts.condition]} the limit of ${facts.threshold}.`,
  ];
  if (facts.action) lines.push('', `What to do: ${facts.action}`);
  lines.push(
    '',
    `See it and acknowledge it on the alerts page: ${alertsUrl}`,
    '',
    'You get this mail because your Greenpod role covers this pod. Further high alerts of this rule on this pod are not mailed again within the cooldown.',
  );
  return {
    to: to.email,
    subject: `Greenpod high alert: ${facts.ruleTitle} on ${facts.podTitle}`,
    text: `${lines.join('\n')}\n`,
  };
}
