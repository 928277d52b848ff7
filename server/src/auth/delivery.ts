// Delivers verification codes. The default writes what would be sent to the sms/email record tables (platform
// admins read them there); with SMTP_URL set, emails are also sent through SMTP.
import type { Db } from '../db/client.ts'
import { emailRecord, smsRecord } from '../db/schema/index.ts'

export interface Delivery {
  sendSms(phone: string, content: string, purpose: string): Promise<void>
  sendEmail(email: string, subject: string, content: string, purpose: string): Promise<void>
}

export function createDelivery(db: Db, smtp?: { url: string; from?: string }): Delivery {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined
  const mailer = () => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(smtp!.url))
    return transport
  }
  return {
    async sendSms(phone, content, purpose) {
      await db.insert(smsRecord).values({ phone, content, purpose })
    },
    async sendEmail(email, subject, content, purpose) {
      let status = 'recorded'
      if (smtp) {
        await (await mailer()).sendMail({
          from: smtp.from ?? 'pms@localhost',
          to: email,
          subject,
          text: content,
        })
        status = 'sent'
      }
      await db.insert(emailRecord).values({ email, subject, content, purpose, status })
    },
  }
}
