import * as v from 'valibot'
import { msg, multiline } from '../../core/validation'

/** The longest comment on a tender. */
export const TENDER_COMMENT_MAX = 2000

/** POST v1/tenders/{id}/comments, and ShowTender's comment form: some text, several lines allowed. */
export const tenderCommentForm = v.object({
  text: v.pipe(v.string(msg.required), multiline(), v.trim(), v.nonEmpty(msg.required), v.maxLength(TENDER_COMMENT_MAX, msg.tooLong)),
})
export type TenderCommentForm = v.InferInput<typeof tenderCommentForm>
