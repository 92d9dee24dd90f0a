package org.overbook.perf.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ConstantDesc;
import java.lang.constant.DirectMethodHandleDesc;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads a plug-in jar's class files for what would make a run depend on more than its scenario and seed: the wall
 * clock ({@code System.nanoTime}, {@code Instant.now}), an unseeded random source ({@code new Random()},
 * {@code Math.random}, {@code ThreadLocalRandom}), a write to a static field outside its class's initialiser (state
 * that the simulations of a sweep, side by side on their threads, would share), a thread of its own, and
 * {@code Math}'s transcendental functions (whose last bit may differ from one processor or JVM to another, where
 * {@code StrictMath}'s does not).
 *
 * <p>It looks at the calls a class makes, not at what runs: a use on a path that never runs is still named, and state
 * reached in other ways (a static collection filled in, an identity hash code's order) is not seen. So it warns and
 * never refuses; its warning says where each use is, for the plug-in's author to judge. Each jar's classes are read in
 * name order, so the warning is the same on every machine.
 */
final class DeterminismScan {

    /** How many uses a warning names; the rest are counted. */
    static final int NAMED = 4;

    private static final Set<String> WALL_CLOCK = Set.of("java/lang/System.currentTimeMillis", "java/lang/System.nanoTime",
            "java/time/Clock.systemUTC", "java/time/Clock.systemDefaultZone", "java/time/Clock.system");
    private static final Set<String> UNSEEDED = Set.of("java/lang/Math.random", "java/lang/StrictMath.random",
            "java/util/concurrent/ThreadLocalRandom.current", "java/util/UUID.randomUUID",
            "java/util/random/RandomGenerator.getDefault", "java/util/random/RandomGenerator.of",
            "java/security/SecureRandom.<init>", "java/security/SecureRandom.getInstance",
            "java/security/SecureRandom.getInstanceStrong");
    /** Constructors that seed themselves from the clock when given no seed. */
    private static final Set<String> UNSEEDED_WITHOUT_ARGUMENTS = Set.of("java/util/Random.<init>",
            "java/util/SplittableRandom.<init>", "java/util/random/RandomGeneratorFactory.create");
    private static final Set<String> THREADS = Set.of("java/lang/Thread.start", "java/lang/Thread.startVirtualThread",
            "java/lang/Thread$Builder.start", "java/util/Timer.<init>");
    private static final Set<String> MACHINE_MATH = Set.of("log", "log10", "log1p", "exp", "expm1", "pow", "sin", "cos",
            "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "hypot", "cbrt");

    private DeterminismScan() {
    }

    /**
     * Returns the warning for {@code jar}: one line naming the first {@value #NAMED} uses (class, method, what it
     * calls) and counting the others, or empty when its classes make none.
     */
    static Optional<String> warning(Path jar) {
        List<String> uses = uses(jar);
        if (uses.isEmpty()) {
            return Optional.empty();
        }
        String named = String.join("; ", uses.subList(0, Math.min(NAMED, uses.size())))
                + (uses.size() > NAMED ? "; and " + (uses.size() - NAMED) + " more" : "");
        return Optional.of(jar.getFileName() + " may give results that differ from run to run, or from one machine to"
                + " another, with the same scenario and seed: " + named + "; a plug-in takes time from guest.now(),"
                + " randomness from guest.random() or the generator it is given, and log, exp and pow from StrictMath,"
                + " and keeps its state in its instances (docs/PLUGINS.md, \"Determinism\")");
    }

    /** Returns every use in {@code jar}'s classes, in class-name order, each once. */
    static List<String> uses(Path jar) {
        List<String> out = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            List<? extends ZipEntry> classes = zip.stream()
                    .filter(entry -> entry.getName().endsWith(".class") && !entry.getName().endsWith("module-info.class")
                            && !entry.getName().startsWith("META-INF/"))
                    .sorted(Comparator.comparing(ZipEntry::getName)).toList();
            for (ZipEntry entry : classes) {
                try (InputStream in = zip.getInputStream(entry)) {
                    out.addAll(uses(in.readAllBytes()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
        return out;
    }

    /** Returns every use in one class file, each once ({@code "org.example.Client.next calls System.nanoTime()"}). */
    static List<String> uses(byte[] classFile) {
        ClassModel model;
        try {
            model = ClassFile.of().parse(classFile);
        } catch (IllegalArgumentException e) {
            return List.of(); // not a class file this JDK reads: the class loader will say so if it is ever loaded
        }
        String type = model.thisClass().asInternalName().replace('/', '.');
        Set<String> out = new LinkedHashSet<>();
        for (MethodModel method : model.methods()) {
            String where = type + "." + method.methodName().stringValue();
            boolean initialiser = method.methodName().equalsString("<clinit>");
            method.code().ifPresent(code -> {
                for (CodeElement element : code) {
                    String use = use(element, initialiser);
                    if (use != null) {
                        out.add(where + " " + use);
                    }
                }
            });
        }
        return List.copyOf(out);
    }

    /** What {@code element} does that a deterministic plug-in does not, or {@code null}. */
    private static String use(CodeElement element, boolean initialiser) {
        return switch (element) {
            case InvokeInstruction call -> call(call.owner().asInternalName(), call.name().stringValue(),
                    call.typeSymbol().parameterCount() == 0);
            case FieldInstruction field when field.opcode() == Opcode.PUTSTATIC && !initialiser ->
                    "writes the static field " + field.owner().asInternalName().replace('/', '.') + "." + field.name().stringValue();
            case InvokeDynamicInstruction dynamic -> reference(dynamic.bootstrapArgs());
            default -> null;
        };
    }

    /** A method reference ({@code System::nanoTime}) among a lambda's bootstrap arguments, judged as a call is. */
    private static String reference(List<ConstantDesc> arguments) {
        for (ConstantDesc argument : arguments) {
            if (argument instanceof DirectMethodHandleDesc handle) {
                String owner = handle.owner().descriptorString();
                String use = call(owner.substring(1, owner.length() - 1), handle.methodName(),
                        handle.invocationType().parameterCount() == 0);
                if (use != null) {
                    return use;
                }
            }
        }
        return null;
    }

    private static String call(String owner, String name, boolean noArguments) {
        String key = owner + "." + name;
        String shown = owner.substring(owner.lastIndexOf('/') + 1).replace('$', '.') + "." + name + "()";
        if (WALL_CLOCK.contains(key) || owner.startsWith("java/time/") && name.equals("now")) {
            return "reads the wall clock (" + shown + ")";
        }
        if (UNSEEDED.contains(key) || noArguments && UNSEEDED_WITHOUT_ARGUMENTS.contains(key)) {
            return "draws from an unseeded random source (" + (name.equals("<init>") ? "new " + owner.replace('/', '.') + "()" : shown) + ")";
        }
        if (THREADS.contains(key) || owner.equals("java/util/concurrent/Executors") && name.startsWith("new")) {
            return "starts a thread of its own (" + (name.equals("<init>") ? "new " + owner.replace('/', '.') + "()" : shown) + ")";
        }
        if (owner.equals("java/lang/Math") && MACHINE_MATH.contains(name)) {
            return "calls " + shown + " (StrictMath's gives the same last bit on every machine)";
        }
        return null;
    }
}
