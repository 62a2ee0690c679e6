import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.CubicCurve2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.ompdexplorer.importers.output.OutputFile;

/**
 * Draws the application icon (packaging/linux/ompd-explorer.png, 256 × 256): a task-creation tree on the accent
 * blue of the window's theme, one task running, and a dashed scheduling link that differs from the generating one —
 * what the explorer shows. Run from the repository root after a build (it writes through OutputFile):
 * <pre>
 * java -Djava.awt.headless=true -cp importers/target/classes packaging/icon/IconGenerator.java packaging/linux/ompd-explorer.png
 * </pre>
 */
public final class IconGenerator {
    private static final int SIZE = 256;
    /** Drawn 4× larger and scaled down: smoother edges than Java2D's antialiasing alone at 256. */
    private static final int SCALE = 4;

    private static final Color TOP = new Color(0x2f, 0x81, 0xf7);
    private static final Color BOTTOM = new Color(0x12, 0x3a, 0x8f);
    private static final Color EDGE = new Color(255, 255, 255, 215);
    private static final Color NODE = Color.WHITE;
    private static final Color RUNNING = new Color(0x3f, 0xb9, 0x50);
    private static final Color SCHEDULING = new Color(0xff, 0xc1, 0x3d);
    private static final Color SHADOW = new Color(0, 0, 0, 60);

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: IconGenerator OUT.png");
            System.exit(64);
        }
        BufferedImage large = draw(SIZE * SCALE);
        BufferedImage icon = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = icon.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        // halve twice: each bilinear/bicubic step then averages neighbours instead of skipping them
        BufferedImage half = scale(large, SIZE * 2);
        g.drawImage(half, 0, 0, SIZE, SIZE, null);
        g.dispose();
        Path out = Path.of(args[0]);
        OutputFile.write(out, stream -> ImageIO.write(icon, "png", stream));
        System.out.println("wrote " + out);
    }

    private static BufferedImage scale(BufferedImage source, int size) {
        BufferedImage scaled = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = scaled.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(source, 0, 0, size, size, null);
        g.dispose();
        return scaled;
    }

    /** The icon at {@code size}; coordinates below are on the 256 grid. */
    private static BufferedImage draw(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.scale(size / (double) SIZE, size / (double) SIZE);

        // the tile: a rounded square with a margin, as desktop icons have
        RoundRectangle2D tile = new RoundRectangle2D.Double(12, 12, 232, 232, 56, 56);
        g.setPaint(new GradientPaint(0, 12, TOP, 0, 244, BOTTOM));
        g.fill(tile);
        g.setPaint(new Color(255, 255, 255, 40));
        g.setStroke(new BasicStroke(2f));
        g.draw(new RoundRectangle2D.Double(13, 13, 230, 230, 54, 54));

        // the task-creation tree: an implicit task, two explicit children, their children
        Point2D root = new Point2D.Double(128, 64);
        Point2D left = new Point2D.Double(78, 128);
        Point2D right = new Point2D.Double(178, 128);
        Point2D leftLeft = new Point2D.Double(50, 192);
        Point2D leftRight = new Point2D.Double(106, 192);
        Point2D rightOnly = new Point2D.Double(178, 192);
        Point2D[][] edges = {{root, left}, {root, right}, {left, leftLeft}, {left, leftRight}, {right, rightOnly}};

        g.setStroke(new BasicStroke(9f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.setPaint(EDGE);
        for (Point2D[] e : edges) {
            g.draw(new Line2D.Double(e[0], e[1]));
        }

        // the running task's scheduling link, from another branch than its generating task: dotted, with a head
        CubicCurve2D link = new CubicCurve2D.Double(166, 146, 160, 176, 150, 192, 134, 193);
        g.setPaint(SCHEDULING);
        g.setStroke(new BasicStroke(7f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] {0.5f, 12f}, 0f));
        g.draw(link);
        Path2D head = new Path2D.Double();
        head.moveTo(126, 193);
        head.lineTo(141, 184);
        head.lineTo(141, 202);
        head.closePath();
        g.setStroke(new BasicStroke(3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.fill(head);
        g.draw(head);

        for (Point2D p : new Point2D[] {root, left, right, leftLeft, leftRight}) {
            node(g, p, 19, NODE, false);
        }
        node(g, rightOnly, 19, NODE, false);
        node(g, leftRight, 19, RUNNING, true);   // the running task
        g.dispose();
        return image;
    }

    private static void node(Graphics2D g, Point2D c, double r, Color fill, boolean ring) {
        g.setPaint(SHADOW);
        g.fill(new Ellipse2D.Double(c.getX() - r, c.getY() - r + 3, 2 * r, 2 * r));
        g.setPaint(fill);
        g.fill(new Ellipse2D.Double(c.getX() - r, c.getY() - r, 2 * r, 2 * r));
        if (ring) {
            g.setPaint(NODE);
            g.setStroke(new BasicStroke(5f));
            g.draw(new Ellipse2D.Double(c.getX() - r + 2.5, c.getY() - r + 2.5, 2 * r - 5, 2 * r - 5));
        }
    }
}
