import { render, screen, within } from '@testing-library/react';
import { ProductCard, ProductGrid } from '../../../src/client/components/ProductCard';

const cones = {
  title: 'Pro Training Cones',
  description: 'A set of 50 cones for pressing drills.',
  price: '$19.99',
  imageUrl: '/uploads/cones.png',
  amazonUrl: 'https://www.amazon.com/dp/B000000001',
};

test('a product card shows image with alt text, title, description, price and an Amazon link', () => {
  render(<ProductCard product={cones} />);
  const image = screen.getByRole('img', { name: 'Pro Training Cones' });
  expect(image).toHaveAttribute('src', '/uploads/cones.png');
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('width');
  expect(image).toHaveAttribute('height');
  expect(screen.getByRole('heading', { name: 'Pro Training Cones' })).toBeInTheDocument();
  expect(screen.getByText('A set of 50 cones for pressing drills.')).toBeInTheDocument();
  expect(screen.getByText('$19.99')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'View on Amazon' });
  expect(link).toHaveAttribute('href', 'https://www.amazon.com/dp/B000000001');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'sponsored noopener noreferrer');
  // Several cards each have a 'View on Amazon' link: a screen reader also hears which product it is for.
  expect(link).toHaveAccessibleDescription('Pro Training Cones');
});

test('hostile text renders as text and unsafe URLs are neither loaded nor linked', () => {
  const { container } = render(
    <ProductCard
      product={{
        title: '<img src=x onerror=alert(1)>',
        description: '<script>alert(1)</script>',
        price: '$1',
        imageUrl: 'javascript:alert(1)',
        amazonUrl: 'javascript:alert(1)',
      }}
    />,
  );
  expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
  expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(screen.queryByRole('link')).toBeNull();
});

test('the grid is a Recommended Equipment section listing every card', () => {
  render(<ProductGrid products={[cones, { ...cones, title: 'Agility Ladder' }]} />);
  const section = screen.getByRole('region', { name: 'Recommended Equipment' });
  expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  expect(within(section).getAllByRole('link', { name: 'View on Amazon' })).toHaveLength(2);
});

test('an empty product list renders no section at all', () => {
  const { container } = render(<ProductGrid products={[]} />);
  expect(container).toBeEmptyDOMElement();
});
