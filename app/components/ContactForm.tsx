/** The footer's contact form fields. Submission is wired up by the forms work (issue 4). */
export function ContactForm() {
  return (
    <form method="post" className="contact-form" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="footer-heading">
        Send us a message
      </h2>
      <label>
        Name
        <input name="name" type="text" autoComplete="name" required maxLength={100} />
      </label>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required maxLength={254} />
      </label>
      <label>
        Message
        <textarea name="message" rows={3} required maxLength={2000} />
      </label>
      <button type="submit" className="button button-primary">
        Send
      </button>
    </form>
  );
}
