import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, useResetToFirstAccordion, useStayOpenAccordion } from '../accordion';

const ITEMS = [
  { title: 'How does it work?', content: 'Answer one' },
  { title: 'Do I need a designer?', content: 'Answer two' },
  { title: 'How do I start selling?', content: 'Answer three' },
  { title: 'What happens with an order?', content: 'Answer four' },
];

function ResetToFirst({ start }: { start?: number }) {
  const [openIndex, onChange] = useResetToFirstAccordion(start);
  return <Accordion items={ITEMS} openIndex={openIndex} onChange={onChange} idPrefix="terms" />;
}

function StayOpen({ prefix }: { prefix: string }) {
  const [openIndex, onChange] = useStayOpenAccordion();
  return <Accordion items={ITEMS} openIndex={openIndex} onChange={onChange} idPrefix={prefix} />;
}

const header = (name: string) => screen.getByRole('button', { name });
const openTitles = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-expanded') === 'true')
    .map((b) => b.textContent);

describe('Accordion', () => {
  it('wires header buttons to region panels', () => {
    render(<ResetToFirst />);
    const first = header('How does it work?');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'How does it work?' });
    expect(first).toHaveAttribute('aria-controls', region.id);
    expect(region).toHaveTextContent('Answer one');
    expect(header('Do I need a designer?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Answer two')).not.toBeVisible();
    expect(first.closest('h3')).not.toBeNull();
  });
});

describe('useResetToFirstAccordion (Terms, help overview, Q&A)', () => {
  it('opens the first item by default', () => {
    render(<ResetToFirst />);
    expect(openTitles()).toEqual(['How does it work?']);
  });

  it('opens the pressed item, one at a time', async () => {
    const user = userEvent.setup();
    render(<ResetToFirst />);
    await user.click(header('How do I start selling?'));
    expect(openTitles()).toEqual(['How do I start selling?']);
    expect(screen.getByText('Answer three')).toBeVisible();
    await user.click(header('Do I need a designer?'));
    expect(openTitles()).toEqual(['Do I need a designer?']);
  });

  it('resets to the first item when the open item is pressed again', async () => {
    const user = userEvent.setup();
    render(<ResetToFirst />);
    await user.click(header('What happens with an order?'));
    await user.click(header('What happens with an order?'));
    expect(openTitles()).toEqual(['How does it work?']);
  });

  it('keeps the first item open when it is pressed while open', async () => {
    const user = userEvent.setup();
    render(<ResetToFirst />);
    await user.click(header('How does it work?'));
    expect(openTitles()).toEqual(['How does it work?']);
  });

  it('starts from the given index and still resets to index 0', async () => {
    const user = userEvent.setup();
    render(<ResetToFirst start={2} />);
    expect(openTitles()).toEqual(['How do I start selling?']);
    await user.click(header('How do I start selling?'));
    expect(openTitles()).toEqual(['How does it work?']);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<ResetToFirst />);
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(openTitles()).toEqual(['Do I need a designer?']);
  });
});

describe('useStayOpenAccordion (FAQs)', () => {
  it('opens the chosen item and does not close it when chosen again', async () => {
    const user = userEvent.setup();
    render(<StayOpen prefix="faq-buying" />);
    expect(openTitles()).toEqual(['How does it work?']);
    await user.click(header('How does it work?'));
    expect(openTitles()).toEqual(['How does it work?']);
    await user.click(header('How do I start selling?'));
    expect(openTitles()).toEqual(['How do I start selling?']);
    await user.click(header('How do I start selling?'));
    expect(openTitles()).toEqual(['How do I start selling?']);
  });

  it('keeps four sections independent', async () => {
    const user = userEvent.setup();
    const prefixes = ['faq-buying', 'faq-general', 'faq-payments', 'faq-support'];
    render(
      <>
        {prefixes.map((p) => (
          <StayOpen key={p} prefix={p} />
        ))}
      </>,
    );
    const selling = screen.getAllByRole('button', { name: 'How do I start selling?' });
    expect(selling).toHaveLength(4);
    await user.click(selling[1] as HTMLElement);
    const expanded = (name: string) =>
      screen.getAllByRole('button', { name }).map((b) => b.getAttribute('aria-expanded'));
    expect(expanded('How do I start selling?')).toEqual(['false', 'true', 'false', 'false']);
    expect(expanded('How does it work?')).toEqual(['true', 'false', 'true', 'true']);
    const ids = screen.getAllByRole('region').map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
