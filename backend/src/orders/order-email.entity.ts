import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The sent-marker of each event's email, written in the same transaction that hands the message to
 * SMTP (mail/order-email.worker.ts): a retried job finds it and sends nothing.
 */
@Entity({ name: 'order_emails_sent' })
export class OrderEmailSent {
  @PrimaryColumn({ type: 'uuid' })
  event_id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  sent_at: Date;
}
