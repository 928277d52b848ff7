// The apply-as-customer form (SPEC §5), pure: filling it from an existing application, picking an address from the
// suggestions (which sets cityId), editing it afterwards, the §5 checks and the body sent.
import {
  applicationProblems,
  cityIdForSubmit,
  type FormProblem,
  type QualificationApplication,
  type QualificationBody,
  type QualificationField,
} from '@pms/protocol/api/qualification'
import type { PlaceSuggestion } from '@pms/protocol/geo/regions-maps'

export interface ApplyForm {
  project: string
  contact: string
  phone: string
  address: string
  cityId: string
  image: string
  refereesPhone: string
  remark: string
  /** The address text the chosen suggestion gave; typing away from it drops cityId. */
  picked: string
}

export const EMPTY_FORM: ApplyForm = {
  project: '',
  contact: '',
  phone: '',
  address: '',
  cityId: '',
  image: '',
  refereesPhone: '',
  remark: '',
  picked: '',
}

export function formFromApplication(app: QualificationApplication | null | undefined): ApplyForm {
  if (!app) return EMPTY_FORM
  return {
    project: app.project,
    contact: app.contact,
    phone: app.phone,
    address: app.address,
    cityId: app.cityId,
    image: app.image,
    refereesPhone: app.refereesPhone,
    remark: app.remark,
    picked: app.address,
  }
}

/** The address line a suggestion gives: its address, with the place's own name when the address lacks it. */
export function suggestionText(s: PlaceSuggestion): string {
  return s.address.includes(s.title) ? s.address : `${s.address}${s.title}`
}

export function pickSuggestion(form: ApplyForm, s: PlaceSuggestion): ApplyForm {
  const address = suggestionText(s)
  return { ...form, address, picked: address, cityId: s.cityId }
}

/** Adding a house number after a picked address keeps its city; anything else must be picked again. */
export function editAddress(form: ApplyForm, text: string): ApplyForm {
  if (form.picked && text.startsWith(form.picked)) return { ...form, address: text }
  return { ...form, address: text, cityId: '', picked: '' }
}

export type ApplyProblems = Partial<Record<QualificationField, FormProblem>>

export function formProblems(form: ApplyForm): ApplyProblems {
  return applicationProblems(form)
}

/** What is sent: trimmed text, cityId with its last two digits zeroed, empty optional fields left out. */
export function bodyOf(form: ApplyForm): QualificationBody {
  const body: QualificationBody = {
    project: form.project.trim(),
    contact: form.contact.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    cityId: cityIdForSubmit(form.cityId),
    refereesPhone: form.refereesPhone.trim(),
    remark: form.remark.trim(),
  }
  if (form.image) body.image = form.image
  return body
}
