// The built-in mutual NDA (issue #20): what a founder starts from, with the company's name filled
// in. Mutual, because investors and founders both share confidential material in diligence; short,
// because a gate nobody reads protects nobody. It is a sensible default, not legal advice: the
// founder can edit it (each edit is a new version) or paste their own.

/** The template with the disclosing company named. The recipient is whoever accepts it. */
export function mutualNdaTemplate(companyName: string): string {
  const company = companyName.trim() || 'the Company';
  return `MUTUAL NON-DISCLOSURE AGREEMENT

This Mutual Non-Disclosure Agreement (the "Agreement") is entered into between ${company} (the "Company") and the person accepting it below, on their own behalf and on behalf of the firm they represent (the "Recipient"). The Company and the Recipient are each a "Party".

1. Purpose. The Parties wish to evaluate a possible investment in the Company (the "Purpose"). In doing so, each Party may disclose to the other information that is not public, including financial statements and projections, capitalization, customer and supplier information, product plans, technology, know-how and the terms of any proposed transaction ("Confidential Information"), whether shared through the Company's data room, in writing, orally or otherwise.

2. Obligations. Each Party receiving Confidential Information will (a) use it only for the Purpose; (b) not disclose it to anyone except its partners, employees, advisers and financing sources who need to know it for the Purpose and are bound by confidentiality duties at least as protective as these; and (c) protect it with at least the care it uses for its own confidential information, and no less than reasonable care. The receiving Party will not copy, download, forward or reproduce documents except as the data room allows, and will not remove or obscure any watermark or notice.

3. Exclusions. These obligations do not apply to information that (a) is or becomes public through no fault of the receiving Party; (b) was lawfully known to it before disclosure, without a duty of confidence; (c) is lawfully received from a third party without a duty of confidence; or (d) is independently developed without use of the Confidential Information. A Party may disclose Confidential Information when required by law or a court, after giving the other Party prompt notice where lawful, and only to the extent required.

4. No obligation; no licence. Nothing in this Agreement obliges either Party to proceed with any transaction, and no licence to any intellectual property is granted. Confidential Information is provided "as is". The Company acknowledges that the Recipient may evaluate or invest in other companies, including competitors, and this Agreement does not restrict that, provided the Company's Confidential Information is not used or disclosed.

5. Return and term. On request, the receiving Party will stop using and delete or return the Confidential Information, except copies kept in routine backups or as required by law, which remain confidential. The obligations in this Agreement last for two (2) years from the date of acceptance.

6. General. Unauthorised use or disclosure may cause irreparable harm, and the disclosing Party may seek injunctive relief in addition to other remedies. This Agreement is the Parties' entire agreement on its subject and may be changed only in writing, including by a new version accepted in the data room. Acceptance by typing one's full name and ticking "I agree" is an electronic signature with the same effect as a handwritten one.`;
}
