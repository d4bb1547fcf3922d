import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Button, ExternalLinkButton, LinkButton } from '../button';
import { PlusIcon } from '../content-icons';

describe('Button', () => {
  it('is a type="button" button that clicks', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(<Button onClick={onClick}>Place a bid</Button>);
    const button = screen.getByRole('button', { name: 'Place a bid' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('can submit a form', () => {
    render(<Button type="submit">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('shows busy: aria-busy, disabled, spinner, no clicks', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    const { container } = render(
      <Button busy onClick={onClick}>
        Saving
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('names an icon-only button by its aria-label', () => {
    render(
      <Button iconOnly aria-label="Add to favourites" variant="ghost">
        <PlusIcon />
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
  });

  it('applies variant and size classes', () => {
    render(
      <Button variant="danger" size="lg">
        Delete account
      </Button>,
    );
    const cls = screen.getByRole('button', { name: 'Delete account' }).className;
    expect(cls).toContain('danger');
    expect(cls).toContain('lg');
    expect(cls).not.toContain('primary');
  });
});

describe('LinkButton and ExternalLinkButton', () => {
  it('renders a router link with the button look', () => {
    render(
      <MemoryRouter>
        <LinkButton to="/explore-one" variant="secondary">
          Explore now
        </LinkButton>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Explore now' });
    expect(link).toHaveAttribute('href', '/explore-one');
    expect(link.className).toContain('secondary');
  });

  it('opens an external link in a new tab safely and says so', () => {
    render(<ExternalLinkButton href="https://metamask.io">Install MetaMask</ExternalLinkButton>);
    const link = screen.getByRole('link', { name: 'Install MetaMask (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://metamask.io');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('can stay in the same tab', () => {
    render(
      <ExternalLinkButton href="https://example.com" newTab={false}>
        Docs
      </ExternalLinkButton>,
    );
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link).not.toHaveAttribute('target');
  });
});
